/**
 * Cloudflare and Netlify `_redirects`: `source destination [status]` per line, first match wins.
 * Every line becomes a link row, or a diagnostic saying why not (SL851/SL852), or a row with a
 * note where shortlinks answers more paths than the platform (SL853, info). The facts follow the
 * platforms' documents and Cloudflare's parser and matcher (docs/coming-from-redirects.md).
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { REDIRECT_STATUSES } from "../../../../runtime/contract/index.js";
import { oneOf } from "../../../shared/words.js";
import type { ImportedRow, ParsedImport, ParseInput, SourceRule } from "../types.js";
import {
  hasTrailingSlash,
  PLACEHOLDER,
  platformPath,
  slashTwin,
  slugOf,
} from "./redirects-source.js";

/** Cloudflare's parser: lines longer than this are ignored; at most this many rules apply. */
export const CLOUDFLARE_MAX_LINE = 2_000;
export const CLOUDFLARE_MAX_STATIC = 2_000;
export const CLOUDFLARE_MAX_DYNAMIC = 100;
const CLOUDFLARE_STATUSES = new Set([200, 301, 302, 303, 307, 308]);
const SHORTLINKS_STATUSES: ReadonlySet<number> = new Set(REDIRECT_STATUSES);
export const DEFAULT_STATUS = { cloudflare: 302, netlify: 301 } as const;

export function parseRedirects(input: ParseInput): ParsedImport {
  const { file, flavour } = input;
  const platform = flavour === "cloudflare" ? "Cloudflare" : "Netlify";
  const strict = input.trailingSlash === "strict";
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
    if (!strict) {
      const relied = reliesOnSlash(from, rawTo, seen);
      if (relied)
        diagnostics.push(
          diag(
            "SL385",
            at,
            `${from} and ${slashTwin(from)} are different paths on ${platform} (${relied}); with trailing_slash: ignore they are one path here`,
            "set trailing_slash: strict in custom/site.yaml, then import again",
          ),
        );
    }
    if (status === 200) {
      refuse(
        "200 is a rewrite (the platform serves another path under this URL), not a redirect",
        "shortlinks redirects; serve the content at its own URL and link to it",
      );
      continue;
    }
    if (!SHORTLINKS_STATUSES.has(status)) {
      refuse(
        `status ${status} has no equivalent: links redirect with ${oneOf(REDIRECT_STATUSES)}`,
        status === 303 ? "302 or 307 answer a GET the same way" : undefined,
      );
      continue;
    }
    const shape = slugOf(from, { strict, platform });
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
    const cases = !input.caseSensitive && /[A-Za-z]/.test(from.replace(/:[A-Za-z]\w*/g, ""));
    if (shape.splat) {
      const base = from.slice(0, -2);
      // With strict trailing slashes `x/*` answers `/x/` and below only, as on the platform.
      if (base !== "" && !strict) bareSplats.push({ at, from, base });
    } else if (!strict)
      note(
        `shortlinks also answers ${slashTwin(from)}${cases ? " and other letter cases" : ""}, which the platform leaves unmatched`,
      );
    else if (cases)
      note(
        `shortlinks also answers other letter cases of ${from}, which the platform leaves unmatched`,
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

/**
 * Why a line relies on `/x` and `/x/` being different paths, or null: its twin is another source
 * above it, or it redirects to its own twin on this site (`/docs /docs/`).
 */
function reliesOnSlash(from: string, to: string, seen: ReadonlyMap<string, number>): string | null {
  const twin = slashTwin(from);
  const earlier = seen.get(twin);
  if (earlier !== undefined) return `line ${earlier} is ${twin}`;
  const path = to.startsWith("/") ? platformPath(to.split(/[?#]/)[0]) : null;
  if (path !== null && path === twin && (hasTrailingSlash(from) || hasTrailingSlash(path)))
    return `this line redirects ${from} to ${twin}`;
  return null;
}

/** A relative destination stays relative here (resolved on base_url later), slashes collapsed. */
function targetOf(to: string): string {
  return to.startsWith("/") ? to.replace(/\/+/g, "/") : to;
}
