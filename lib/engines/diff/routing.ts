/**
 * The effective routing change: the paths the two tables name, each resolved at both sides by the
 * runtime's resolve(), and those whose outcome (status, location, page) differs. A path's answer
 * depends only on the exact link at its key, the splat links at its prefixes and the site's
 * matching settings, so when the settings are equal only paths touching a changed link are
 * resolved; otherwise every named path is.
 */
import type { LinkKind, LinkRecord } from "../../../runtime/contract/index.js";
import type { Resolution } from "../../../runtime/resolve.js";
import { normalizePath } from "../../../runtime/normalize.js";
import type { LinkComparison } from "./compare-links.js";
import type { LinkPairs } from "./link-pairs.js";
import { caseKeptKey, samplePathOf } from "../../shared/link-identity.js";
import { compilePlaceholders, matchPlaceholders } from "../../../runtime/placeholders.js";
import { outcomeOf, type PathOutcome, type Side } from "./side.js";

/**
 * Why a path's answer changed: its link `changed`; a link was `added` or `removed` at the path; a
 * splat (or placeholder link) now `caught` it or `released` it; an exact or placeholder link now
 * `shadowed` the splat or placeholder link that answered it; `site` settings (case sensitivity,
 * trailing slashes, blocklist, static files) changed the answer.
 */
export type RoutingCause =
  "changed" | "added" | "removed" | "caught" | "released" | "shadowed" | "site";

export interface MatchView {
  kind: LinkKind;
  slug: string;
  file: string;
  line: number;
}

export interface RoutingChange {
  path: string;
  before: PathOutcome;
  after: PathOutcome;
  cause: RoutingCause;
  before_match: MatchView | null;
  after_match: MatchView | null;
}

/** What the head side answers a path: kept small, so hundreds of thousands of paths stay cheap. */
export interface HeadAnswer {
  link: LinkRecord | null;
  match: MatchView | null;
  outcome: PathOutcome;
}

export interface RoutingResult {
  changes: RoutingChange[];
  /** The head's answer for every path resolved (the published-link rules read it). */
  headAnswers: Map<string, HeadAnswer>;
  /** Whether the site's matching settings differ, so that every named path was resolved. */
  settingsChanged: boolean;
}

export function settingsDiffer(base: Side, head: Side): boolean {
  const [a, b] = [base.tables, head.tables];
  return (
    base.caseSensitive !== head.caseSensitive ||
    a.siteConfig.trailing_slash !== b.siteConfig.trailing_slash ||
    JSON.stringify(a.blocklist) !== JSON.stringify(b.blocklist) ||
    JSON.stringify([...a.siteConfig.static_paths].sort()) !==
      JSON.stringify([...b.siteConfig.static_paths].sort()) ||
    // A published page answers the paths of its routes that no link takes.
    JSON.stringify(a.siteConfig.pages) !== JSON.stringify(b.siteConfig.pages)
  );
}

/** Paths named by the links of both tables that may answer differently. */
export function candidatePaths(
  base: Side,
  head: Side,
  comparison: LinkComparison,
  everything: boolean,
): string[] {
  const paths = new Map<string, string>();
  const dirtyExact = new Set<string>();
  const dirtySplat = new Set<string>();
  const dirtyPatterns: LinkRecord[] = [];
  const mark = (link: LinkRecord) => {
    if (link.kind === "placeholder") dirtyPatterns.push(link);
    else (link.kind === "exact" ? dirtyExact : dirtySplat).add(link.key);
  };
  comparison.added.forEach(mark);
  comparison.removed.forEach(mark);
  for (const change of comparison.routingChanged) {
    mark(change.before);
    mark(change.after);
  }
  // A changed placeholder link touches every named path its pattern matches.
  const patterns = compilePlaceholders(
    dirtyPatterns.map((l) => (l.params ? [l.key, l.params] : [l.key])),
  );
  const touched = (key: string) => {
    if (dirtyExact.has(key)) return true;
    if (patterns.size > 0) {
      const keys = key.replace(/\/$/, "").split("/");
      const trailingSlash = key.endsWith("/");
      if (matchPlaceholders(patterns, { keys, values: keys, trailingSlash, strict: false }))
        return true;
    }
    if (dirtySplat.size === 0) return false;
    const segments = key === "" ? [] : key.split("/");
    for (let depth = 0; depth <= segments.length; depth++)
      if (dirtySplat.has(segments.slice(0, depth).join("/"))) return true;
    return false;
  };
  for (const side of [head, base]) {
    for (const link of side.tables.links) {
      // Most links are untouched by a small change: ask before spelling out their paths.
      if (!everything && link.kind !== "placeholder" && !touched(link.key)) continue;
      // A placeholder link is named by a sample path (a value meeting each rule).
      const written = link.kind === "placeholder" ? samplePathOf(link) : "/" + caseKeptKey(link);
      const sampled =
        link.kind === "placeholder" ? normalizePath(written, side.caseSensitive) : null;
      if (!everything && !touched(sampled?.ok ? sampled.key : link.key)) continue;
      if (everything) {
        // Both spellings: when case sensitivity changes, /Docs and /docs may part ways.
        paths.set(written, written);
        paths.set("/" + link.key, "/" + link.key);
      } else {
        const normal = normalizePath(written, side.caseSensitive);
        const id = normal.ok ? normal.key : written;
        if (!paths.has(id)) paths.set(id, written);
      }
    }
  }
  return [...paths.values()].sort();
}

export async function compareRouting(options: {
  base: Side;
  head: Side;
  comparison: LinkComparison;
  now: Date;
}): Promise<RoutingResult> {
  const { base, head, comparison, now } = options;
  const settingsChanged = settingsDiffer(base, head);
  const headAnswers = new Map<string, HeadAnswer>();
  const changes: RoutingChange[] = [];
  const routingChanged = new Set(comparison.routingChanged.map((c) => c.after));
  // Every head link is paired or added (compareLinks): a set of the few added ones answers
  // whether a head link had a partner, where a reversed map of every pair cost a million entries.
  const added = new Set(comparison.added);
  for (const path of candidatePaths(base, head, comparison, settingsChanged)) {
    const before = await base.resolve(path, now);
    const after = await head.resolve(path, now);
    const [was, is] = [outcomeOf(before), outcomeOf(after)];
    headAnswers.set(path, { link: after.link, match: matchView(after), outcome: is });
    if (sameOutcome(was, is)) continue;
    const cause = causeOf(before.link, after.link, {
      pairs: comparison.headOf,
      routingChanged,
      added,
    });
    changes.push({
      path,
      before: was,
      after: is,
      cause,
      before_match: matchView(before),
      after_match: matchView(after),
    });
  }
  return { changes, headAnswers, settingsChanged };
}

/** The comparison's pairs, routing changes and added links (every other head link is paired). */
interface Pairing {
  pairs: LinkPairs;
  routingChanged: Set<LinkRecord>;
  added: Set<LinkRecord>;
}

function causeOf(
  was: LinkRecord | null,
  is: LinkRecord | null,
  { pairs, routingChanged, added }: Pairing,
): RoutingCause {
  if (was && is && pairs.get(was) === is) return routingChanged.has(is) ? "changed" : "site";
  if (!was && !is) return "site";
  // An exact or placeholder link where another answered: it shadows a splat or placeholder link
  // of lower precedence, or it is new.
  if (is && is.kind !== "splat") {
    if (was && was.kind !== "exact" && was.kind !== is.kind) return "shadowed";
    return added.has(is) ? "added" : "site";
  }
  if (is) return "caught";
  if (was && pairs.has(was)) return "site";
  return was?.kind === "splat" ? "released" : "removed";
}

function sameOutcome(a: PathOutcome, b: PathOutcome): boolean {
  return a.status === b.status && a.location === b.location && a.page === b.page;
}

export function matchView(resolution: Resolution): MatchView | null {
  const m = resolution.match;
  return m && { kind: m.kind, slug: m.slug, file: m.file, line: m.line };
}
