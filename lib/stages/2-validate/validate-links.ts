/** Stage 2: source rows -> link records, every problem collected. */
import type { TargetPolicy } from "../../../runtime/targets/index.js";
import {
  MAX_SLUG_LENGTH,
  type AccessZone,
  type Blocklist,
  type LinkRecord,
} from "../../../runtime/contract/index.js";
import { diag, hasErrors, type Diagnostic } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import { conflictsOfSide, type ConflictsHandOver } from "./conflicts-beside.js";
import { checkRemainder } from "./remainder.js";
import { checkSchedule } from "./schedules.js";
import { checkSuccessors } from "./successors.js";
import {
  foldedReservedPrefix,
  parseSlug,
  patternShadows,
  shadowedReservedPath,
  type SlugOptions,
} from "./slugs.js";
import { checkLinkTarget, ruleDiagnostic, targetAllowance } from "./link-targets.js";
import { checkPrivateLink } from "./private-links.js";
import { checkParams, placeholderConflicts, uncapturedNames } from "./placeholders.js";
import { checkRoutes } from "./routes/check-routes.js";
import { servedPathsOf } from "../../../runtime/static-files.js";
import { isProbe } from "../../../runtime/guards.js";
import { foldPathForGuards } from "../../../runtime/normalize.js";
import { foldCase } from "../../../runtime/case-fold.js";
import { appendAll } from "../../shared/lists.js";
import { checkPreview, previewRouteNotes, type PublicFiles } from "./previews/check-preview.js";
import type { Domain } from "../1-sources/site/domains.js";
import { placeLink } from "./domains.js";
import type { LinkLookup } from "../../shared/memory-instance.js";

export interface ValidateInput {
  links: SourceLink[];
  site: {
    case_sensitive: boolean;
    default_status: LinkRecord["status"];
    trailing_slash?: "ignore" | "strict";
    base_url?: string;
  };
  /** site.yaml's hosts (docs/domains.md); absent when it lists none. */
  domains?: readonly Domain[];
  /** Each host's own files (custom/domains/HOST/), public paths, beside the shared ones. */
  hostStatics?: ReadonlyMap<string, readonly string[]>;
  /** The target rules' lists, and the scanner probes that no link may sit under. */
  policy: TargetPolicy & Pick<Blocklist, "probes">;
  /** Public static paths (`/hello.html`, `/assets/app.css`), as served. */
  staticPaths: readonly string[];
  /** Private zones, checked and compiled (access-zones.ts); none when absent. */
  zones?: readonly AccessZone[];
  /** custom/public's files by public path: what a card's local image is measured from. */
  publicFiles?: PublicFiles;
  /** Answers a row's own rules from a cache (docs/cache.md), or runs them; they run when absent. */
  memo?: (link: SourceLink, compute: () => OneValidated) => OneValidated;
  /** A review's sides: the first hands its conflict index to the second (conflicts-beside.ts). */
  conflicts?: ConflictsHandOver;
}

const STRICT_SLASH: SlugOptions = { strictTrailingSlash: true };
const IGNORED_SLASH: SlugOptions = { strictTrailingSlash: false };
const NO_NAMES: readonly string[] = [];

/** One row's own rules' answer: its record when it passes, and its problems. */
export type OneValidated = { record?: LinkRecord; diagnostics: Diagnostic[] };

/**
 * A row validateLinks reads beyond its answer (its hosts, its successor's line), or whose answer
 * is never kept (its routes read the clock). Any other row it reads only for its file: a cache
 * that has the answer stands in for the row with the file's name alone (docs/cache.md).
 */
export const readsBeyondItsAnswer = (link: SourceLink): boolean =>
  link.routes !== undefined ||
  link.domain !== undefined ||
  link.domains !== undefined ||
  link.successor !== undefined;

export interface ValidatedLinks {
  links: LinkRecord[];
  diagnostics: Diagnostic[];
  /** The kept links by kind and key, when a review's first side kept its conflict index. */
  lookup?: LinkLookup;
}

export function validateLinks(input: ValidateInput): ValidatedLinks {
  const diagnostics: Diagnostic[] = [];
  const statics = staticKeys(input.staticPaths);
  const hostStatics = new Map(
    [...(input.hostStatics ?? [])].map(([host, paths]) => [host, staticKeys(paths)]),
  );
  const defaultHost = input.domains?.[0]?.host;
  const records: LinkRecord[] = [];
  const successorLines = new Map<LinkRecord, number>();
  for (const link of input.links) {
    // The common case, no field naming a host: the default host, nothing to place.
    const placed =
      link.domain === undefined && link.domains === undefined
        ? undefined
        : placeLink(link, input.domains, input.site.base_url ?? "");
    if (placed && "diagnostics" in placed) appendAll(diagnostics, placed.diagnostics);
    const problems = input.memo
      ? input.memo(link, () => validateOne(link, input, statics))
      : validateOne(link, input, statics);
    appendAll(diagnostics, problems.diagnostics);
    if (!problems.record || (placed && "diagnostics" in placed)) continue;
    const successorLine =
      link.successor === undefined ? undefined : (link.fieldLines.successor ?? link.line);
    if (!placed || defaultHost === undefined) {
      records.push(problems.record);
      if (successorLine !== undefined) successorLines.set(problems.record, successorLine);
      continue;
    }
    const keep = (record: LinkRecord) => {
      records.push(record);
      if (successorLine !== undefined) successorLines.set(record, successorLine);
    };
    for (const host of placed.hosts) {
      const record = host === defaultHost ? problems.record : { ...problems.record, domain: host };
      if (record.kind === "exact" && hostStatics.get(host)?.has(record.key.toLowerCase())) {
        diagnostics.push(
          diag(
            "SL304",
            { file: link.file, line: link.fieldLines.slug ?? link.line },
            `link ${JSON.stringify(link.slug)}: /${record.key} is a file of ${host} (custom/domains/${host}/)`,
            "rename the link or the file",
          ),
        );
        continue;
      }
      keep(record);
    }
  }
  const conflicts = conflictsOfSide(
    records,
    input.site.case_sensitive,
    input.site.trailing_slash === "strict",
    input.conflicts,
  );
  appendAll(
    diagnostics,
    conflicts.diagnostics,
    placeholderConflicts(conflicts.links),
    checkSuccessors(conflicts.links, successorLines, input.site.case_sensitive),
  );
  const lookup = conflicts.lookup;
  return { links: conflicts.links, diagnostics, ...(lookup ? { lookup } : {}) };
}

function validateOne(link: SourceLink, input: ValidateInput, statics: Set<string>): OneValidated {
  const at = { file: link.file, line: link.fieldLines.slug ?? link.line };
  const parsed = parseSlug(
    link.slug,
    input.site.case_sensitive,
    input.site.trailing_slash === "strict" ? STRICT_SLASH : IGNORED_SLASH,
  );
  if (!parsed.ok) {
    const code = parsed.code ?? (parsed.reason.startsWith("longer") ? "SL302" : "SL301");
    return {
      diagnostics: [diag(code, at, `${subjectOf(link)}: slug ${parsed.reason}`, SLUG_HINTS[code])],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const { kind, key } = parsed;
  const names = parsed.names ?? NO_NAMES;
  const splat = kind === "splat" || key.endsWith("/*");
  const lower = foldCase(key);
  const probed = probedPath(kind, key, input.policy);
  if (probed)
    diagnostics.push(
      diag(
        "SL303",
        at,
        `${subjectOf(link)}: ${probed} is answered as a scanner probe (a plain 404 before any link)`,
        "pick another slug, or remove the probe from the blocklist (custom/blocklist.yaml, with a reason)",
      ),
    );
  else if (kind === "placeholder") {
    const shadowed = splat ? patternShadows(key) : undefined;
    if (shadowed)
      diagnostics.push(
        ruleDiagnostic(
          12,
          at,
          `${subjectOf(link)}: it would shadow ${shadowed}`,
          "start with a literal segment",
        ),
      );
  } else if (kind === "exact") {
    const reserved = foldedReservedPrefix(lower);
    if (reserved)
      diagnostics.push(
        diag(
          "SL303",
          at,
          `${subjectOf(link)}: /${key} is reserved (/${reserved} belongs to the product)`,
          "pick another slug",
        ),
      );
    else if (statics.has(lower))
      diagnostics.push(
        diag(
          "SL304",
          at,
          `${subjectOf(link)}: /${key} is a static file`,
          "rename the link or the file",
        ),
      );
  } else {
    const shadowed = shadowedReservedPath(lower);
    if (shadowed)
      diagnostics.push(
        ruleDiagnostic(
          12,
          at,
          `${subjectOf(link)}: splat would shadow ${shadowed}`,
          "use a narrower prefix",
        ),
      );
    else {
      const file = [...statics].find((s) => s === lower || s.startsWith(lower + "/"));
      if (file)
        diagnostics.push(
          diag(
            "SL310",
            at,
            `${subjectOf(link)}: splat would shadow the static file /${file}`,
            "use another prefix or move the file",
          ),
        );
    }
  }
  appendAll(diagnostics, checkSchedule(link, kind), checkRemainder(link, kind, splat));
  const rules = checkParams(link, names);
  appendAll(diagnostics, rules.diagnostics);
  if (kind === "placeholder") appendAll(diagnostics, uncapturedNames(link, names, splat));
  const status = link.status ?? input.site.default_status;
  const privately = checkPrivateLink(link, parsed, input.zones ?? []);
  const zone = privately.zone;
  const routes = checkRoutes(link, kind, status, input.policy, { names, zone });
  const target = checkLinkTarget(link, kind, input.policy, names, routes.allowed, zone);
  appendAll(
    diagnostics,
    privately.diagnostics,
    routes.diagnostics,
    target.diagnostics,
    checkPreview(link, input.policy, input.publicFiles),
  );
  if (target.target === undefined || hasErrors(diagnostics)) return { diagnostics };
  // Kind and key first: a shard's line is then this record's own JSON text (shard-format.ts).
  const record: LinkRecord = {
    kind,
    key,
    slug: link.slug,
    target: target.target,
    status,
    state: link.state ?? "active",
    forward_query: link.forward_query ?? true,
    file: link.file,
    line: link.line,
  };
  if (link.schedule && kind === "exact") record.schedule = link.schedule;
  if (link.remainder === "drop" && splat) record.remainder = "drop";
  if (rules.params) record.params = rules.params;
  const allow = targetAllowance(link);
  if (allow) record.allow = allow;
  if (privately.zone) record.zone = privately.zone.name;
  if (privately.allowUsers) record.allow_users = privately.allowUsers;
  if (routes.routes) record.routes = routes.routes;
  if (link.description !== undefined) record.description = link.description;
  if (link.tags !== undefined) record.tags = link.tags;
  if (link.owner !== undefined) record.owner = link.owner;
  if (link.title !== undefined) record.title = link.title;
  if (link.notes !== undefined) record.notes = link.notes;
  if (link.successor !== undefined) record.successor = link.successor;
  if (link.preview !== undefined) record.preview = link.preview;
  appendAll(diagnostics, previewRouteNotes(record));
  return { record, diagnostics };
}

/** The link as a diagnostic names it: made only for a diagnostic, which most links have none of. */
function subjectOf(link: SourceLink): string {
  return `link ${JSON.stringify(link.slug.length > 60 ? link.slug.slice(0, 57) + "..." : link.slug)}`;
}

/** Every key a static file answers on (runtime/static-files.ts), case-folded. */
export function staticKeys(paths: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const path of paths)
    for (const served of servedPathsOf(path)) {
      const key = foldCase(served.replace(/^\/+|\/+$/g, ""));
      if (key !== "") keys.add(key);
    }
  return keys;
}

/**
 * The path a link would answer that the scanner-probe guard answers first (runtime/guards.ts):
 * an exact link's own path, a splat's every path (tried with a sample remainder), a placeholder
 * link's paths (tried with sample values).
 */
function probedPath(
  kind: LinkRecord["kind"],
  key: string,
  policy: Pick<Blocklist, "probes">,
): string | null {
  if (kind !== "placeholder") {
    const path = kind === "splat" ? `/${key}/a` : `/${key}`;
    if (!isProbe(foldPathForGuards(path), policy)) return null;
    return kind === "splat" ? `/${key}/…` : path;
  }
  const shape = key.replace(/(^|\/):[A-Za-z]\w*/g, "$1a").replace(/\/\*$/, "/…");
  if (!isProbe(foldPathForGuards(`/${shape.replace(/…$/, "a")}`), policy)) return null;
  return `/${shape}`;
}

const SLUG_HINTS: Record<string, string> = {
  SL301: "use letters, digits, - _ . ~ and / between segments; end with /* for a splat",
  SL302: `shorten it to ${MAX_SLUG_LENGTH} characters at most`,
  SL380:
    "write each placeholder as a whole segment, :name (an ASCII letter, then letters, digits or _), each name once",
  SL384:
    "remove the trailing /, or set trailing_slash: strict in custom/site.yaml to make /x and /x/ different paths",
};
