/**
 * Cloudflare and Netlify `_redirects`: `source destination [status]` per line, first match wins.
 * Every line becomes a link row, or a diagnostic saying why not (SL851/SL852), or a row with a
 * note where shortlinks answers more paths than the platform (SL853, info). The facts follow the
 * platforms' documents and Cloudflare's parser and matcher (docs/coming-from-redirects.md).
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { normalizePath } from "../../../../runtime/normalize.js";
import type { ImportedRow, ParsedImport, ParseInput, SourceRule } from "../types.js";

/** Cloudflare's parser: lines longer than this are ignored; at most this many rules apply. */
export const CLOUDFLARE_MAX_LINE = 2_000;
export const CLOUDFLARE_MAX_STATIC = 2_000;
export const CLOUDFLARE_MAX_DYNAMIC = 100;
const CLOUDFLARE_STATUSES = new Set([200, 301, 302, 303, 307, 308]);
const SHORTLINKS_STATUSES = new Set([301, 302, 307, 308]);
const PLACEHOLDER = /:[A-Za-z]\w*/;
export const DEFAULT_STATUS = { cloudflare: 302, netlify: 301 } as const;

export function parseRedirects(input: ParseInput): ParsedImport {
  const { file, flavour } = input;
  const platform = flavour === "cloudflare" ? "Cloudflare" : "Netlify";
  const rows: ImportedRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const rules: SourceRule[] = [];
  const seen = new Map<string, number>();
  const bareSplats: { at: { file: string; line: number }; from: string; base: string }[] = [];
  let staticCount = 0;
  let dynamicCount = 0;
  let canBeStatic = true;
  const lines = input.text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const at = { file, line: i + 1 };
    const text = lines[i].trim();
    if (text === "" || text.startsWith("#")) continue;
    const refuse = (why: string, hint?: string) =>
      diagnostics.push(diag("SL851", at, `not imported: ${why}`, hint));
    const note = (why: string) =>
      diagnostics.push({
        ...diag("SL853", at, why),
        group: NOTES(file),
      });
    if (flavour === "cloudflare" && text.length > CLOUDFLARE_MAX_LINE) {
      refuse(`${platform} ignores lines longer than ${CLOUDFLARE_MAX_LINE} characters`);
      continue;
    }
    let tokens = text.split(/\s+/);
    const comment = tokens.findIndex((t, n) => n >= 2 && t.startsWith("#"));
    if (comment !== -1) tokens = tokens.slice(0, comment);
    const parts = splitTokens(tokens, flavour);
    if ("problem" in parts) {
      refuse(parts.problem);
      continue;
    }
    const { from: rawFrom, to: rawTo, status: rawStatus } = parts;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rawFrom)) {
      refuse(
        flavour === "cloudflare"
          ? `${platform} ignores a source that is an absolute URL`
          : "a domain-level rule (source with a host) has no equivalent: an instance answers on one host",
      );
      continue;
    }
    const from = platformPath(rawFrom);
    const dynamic = from.includes("*") || PLACEHOLDER.test(from);
    const isStatic = canBeStatic && !dynamic;
    let active = true;
    if (isStatic) {
      staticCount++;
      if (flavour === "cloudflare" && staticCount > CLOUDFLARE_MAX_STATIC) active = false;
    } else {
      dynamicCount++;
      canBeStatic = false;
      if (flavour === "cloudflare" && dynamicCount > CLOUDFLARE_MAX_DYNAMIC) active = false;
    }
    // Cloudflare reads the status with Number(): `301!` or `301abc` is no status, and the line
    // is skipped; Netlify's `301!` forces the rule (the same redirect here).
    const status =
      rawStatus === undefined
        ? DEFAULT_STATUS[flavour]
        : flavour === "cloudflare"
          ? Number(rawStatus)
          : parseInt(rawStatus, 10);
    if (flavour === "cloudflare" && !CLOUDFLARE_STATUSES.has(status)) {
      refuse(`${platform} accepts 200, 301, 302, 303, 307 or 308; it ignores status ${rawStatus}`);
      continue;
    }
    if (flavour === "cloudflare" && !/^(\/|https:\/\/[^/])/.test(rawTo)) {
      refuse(`${platform} ignores a destination that is neither a /path nor an https:// URL`);
      continue;
    }
    if (rawTo.startsWith("//")) {
      refuse(
        `${rawTo} is protocol-relative: a browser takes it to the host ${rawTo.slice(2).split("/")[0] || "(none)"}, not to a path of this site`,
        "write the destination as https://HOST/PATH, or as /PATH for a path of this site",
      );
      continue;
    }
    const first = seen.get(from);
    if (first !== undefined) {
      diagnostics.push(
        diag(
          "SL852",
          at,
          `not imported: duplicate of line ${first} (same source ${from}); ${platform} applies the first`,
        ),
      );
      continue;
    }
    seen.set(from, i + 1);
    rules.push({ line: i + 1, from, static: isStatic, active });
    if (status === 200) {
      refuse(
        "200 is a rewrite (the platform serves another path under this URL), not a redirect",
        "shortlinks redirects; serve the content at its own URL and link to it",
      );
      continue;
    }
    if (!SHORTLINKS_STATUSES.has(status)) {
      refuse(
        `status ${status} has no equivalent: links redirect with 301, 302, 307 or 308`,
        status === 303 ? "302 or 307 answer a GET the same way" : undefined,
      );
      continue;
    }
    const shape = slugOf(from);
    if ("problem" in shape) {
      refuse(shape.problem, shape.hint);
      continue;
    }
    const row: Record<string, unknown> = { slug: shape.slug, target: targetOf(rawTo) };
    row.status = status; // always written: the instance's default_status may differ
    if (shape.splat && !rawTo.includes(":splat")) row.remainder = "drop";
    if (/\?/.test(rawTo)) row.forward_query = false; // the platform appends the query unless the target has its own
    rows.push({ line: i + 1, text, row });
    if (!active)
      note(
        `${platform} skips this line (past its ${isStatic ? `${CLOUDFLARE_MAX_STATIC} static` : `${CLOUDFLARE_MAX_DYNAMIC} dynamic`} rules); shortlinks answers it`,
      );
    if (/[?#]/.test(rawFrom)) note(`${platform} ignores the query and fragment of a source path`);
    if (shape.splat) {
      const base = from.slice(0, -2);
      if (base !== "") bareSplats.push({ at, from, base });
    } else
      note(
        `shortlinks also answers ${from.endsWith("/") && from !== "/" ? from.slice(0, -1) : `${from}/`}${input.caseSensitive || !/[A-Za-z]/.test(from) ? "" : " and other letter cases"}, which the platform leaves unmatched`,
      );
  }
  // Checked once every line is read: an exact rule for /x anywhere answers /x as shortlinks does.
  for (const { at, from, base } of bareSplats)
    if (!seen.has(base))
      diagnostics.push({
        ...diag(
          "SL853",
          at,
          `shortlinks also answers ${base} itself, which ${from} leaves unmatched`,
        ),
        group: NOTES(file),
      });
  return { rows, diagnostics, rules };
}

const NOTES = (file: string) => ({ file, line: 0, subject: "imported lines" });

type Parts = { from: string; to: string; status?: string } | { problem: string };

function splitTokens(tokens: string[], flavour: ParseInput["flavour"]): Parts {
  if (flavour === "cloudflare") {
    if (tokens.length < 2 || tokens.length > 3)
      return { problem: `expected "source destination [status]", found ${tokens.length} part(s)` };
    return { from: tokens[0], to: tokens[1], status: tokens[2] };
  }
  // Netlify: from [query=params] to [status[!]] [Conditions=...]
  const [from, ...rest] = tokens;
  if (rest.length === 0) return { problem: "no destination" };
  const toAt = rest.findIndex((t) => t.startsWith("/") || /^https?:\/\//i.test(t));
  if (toAt === -1) return { problem: "no destination starting with /, http: or https:" };
  if (toAt > 0)
    return {
      problem: `query-parameter matching (${rest.slice(0, toAt).join(" ")}) has no equivalent`,
    };
  const [status, ...conditions] = rest.slice(toAt + 1);
  if (status !== undefined && !/^\d+!?$/.test(status))
    return { problem: `conditions (${[status, ...conditions].join(" ")}) have no equivalent` };
  if (conditions.length > 0)
    return { problem: `conditions (${conditions.join(" ")}) have no equivalent` };
  return { from, to: rest[toAt], status };
}

/** The source as the platform stores it: a leading `/`, no query or fragment, URL-parsed. */
function platformPath(raw: string): string {
  const path = raw.startsWith("/") ? raw : `/${raw}`;
  return new URL(`//${path}`, "relative://").pathname;
}

/** The slug of a source path, or why it has none: only exact paths and trailing `/*` exist. */
function slugOf(
  from: string,
): { slug: string; splat: boolean } | { problem: string; hint?: string } {
  if (PLACEHOLDER.test(from))
    return {
      problem: `placeholder shape ${PLACEHOLDER.exec(from)![0]}: it matches exactly one segment, and links are exact paths or prefixes`,
      hint: "a splat link (prefix/*) with :splat in the target answers these paths and deeper ones too",
    };
  const stars = from.split("*").length - 1;
  if (stars > 1) return { problem: "two * in one source: the platform never matches it" };
  if (stars === 1 && !from.endsWith("/*"))
    return {
      problem: `* inside ${from}: a splat is a whole trailing segment (prefix/*); ${from} also matches paths that only start with the same letters`,
    };
  const splat = stars === 1;
  const path = splat ? from.slice(0, -2) : from;
  // The runtime's own path rules: a source it would refuse as a request path answers nothing.
  const normal = normalizePath(path, true);
  if (!normal.ok)
    return {
      problem:
        normal.reason === "encoded-separator"
          ? `an encoded / or \\ (%2F, %5C) in ${from}: the platform matches it as written, and shortlinks answers no path that holds one`
          : `${from} is a path shortlinks refuses (${normal.reason})`,
    };
  if (normal.segments.length === 0 && !splat)
    return { problem: "the site root / belongs to the product, not to a link" };
  const slug = normal.segments.join("/");
  return { slug: splat ? (slug === "" ? "*" : `${slug}/*`) : slug, splat };
}

/** A relative destination stays relative here (resolved on base_url later), slashes collapsed. */
function targetOf(to: string): string {
  return to.startsWith("/") ? to.replace(/\/+/g, "/") : to;
}
