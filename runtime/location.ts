/** Step 7: the final redirect URL of a link, judged again by the target rules (fail closed). */
import {
  checkTarget,
  denyCategory,
  expandTarget,
  fillUser,
  hasUserPlaceholder,
  intranetTargets,
  SPLAT_PLACEHOLDER,
  type IntranetTargets,
  type TargetVerdict,
} from "./targets/index.js";
import { remember } from "./lru.js";
import type { AccessZone, Blocklist, LinkRecord, TargetAllowance } from "./contract/index.js";

export type LocationResult =
  { ok: true; url: string } | { ok: false; code: string; message: string; category: string };

/** What a private link's target may use: its zone, and the verified email (docs/private-links.md). */
export interface PrivateTarget {
  zone: AccessZone;
  email?: string;
}

/** What the match captured from the path for the target. */
export interface Captured {
  /** The splat remainder, one decoded segment each (splat and placeholder links with `/*`). */
  remainder: readonly string[];
  /** Placeholder values by name (placeholder links). */
  params?: Readonly<Record<string, string>>;
  /** The path ended with `/` and trailing slashes are strict: a remainder keeps it. */
  trailingSlash?: boolean;
}

/** `target`: the link's own, or the one its routes chose (docs/routes.md). */
export function buildLocation(
  link: LinkRecord,
  captured: Captured,
  search: string,
  policy: Blocklist,
  target = link.target,
  zoned?: PrivateTarget,
): LocationResult {
  if (link.kind !== "exact") {
    // A route's target drops the remainder as the link's own does, unless it takes `:splat`.
    const drop = dropsRemainder(target === link.target ? link : { ...link, target });
    const expanded = expandTarget(target, {
      splat: drop ? [] : captured.remainder,
      params: captured.params,
      append: true,
      trailingSlash: captured.trailingSlash,
    });
    if (!expanded.ok) return { ...expanded, category: denyCategory(expanded) };
    target = expanded.url;
  }
  // The identity after the remainder: an encoded remainder holds no `{`, so it adds no placeholder.
  if (zoned && hasUserPlaceholder(target)) {
    const filled = fillUser(target, zoned.email);
    if (!filled.ok)
      return { ok: false, code: "identity", message: filled.why, category: "identity" };
    target = filled.url;
  }
  if (link.forward_query && search.length > 1) target = forwardQuery(target, search);
  const intranet = zoned?.zone.allow_targets && intranetTargets(zoned.zone.allow_targets);
  const verdict = judge(
    target,
    policy,
    link.allow,
    intranet && { zone: zoned.zone.name, intranet },
  );
  return verdict.ok
    ? { ok: true, url: verdict.url }
    : { ...verdict, category: denyCategory(verdict) };
}

/**
 * A splat link sends every path below it to its target as written: `remainder: drop`, and a
 * target without `:splat` (which always receives the rest of the path).
 */
export function dropsRemainder(link: Pick<LinkRecord, "kind" | "target" | "remainder">): boolean {
  return (
    link.kind !== "exact" && link.remainder === "drop" && !link.target.includes(SPLAT_PLACEHOLDER)
  );
}

/** How many final URLs' verdicts an isolate keeps per policy. */
export const VERDICT_MEMO_LIMIT = 4_096;
const verdicts = new WeakMap<Blocklist, Map<string, TargetVerdict>>();

/**
 * checkTarget is pure in (target, policy, allowance) and popular links repeat, so the verdicts
 * of recent final URLs are kept, least recently used dropped first. The rules still judge every
 * new URL.
 */
function judge(
  target: string,
  policy: Blocklist,
  allow: TargetAllowance | undefined,
  zone?: { zone: string; intranet: IntranetTargets },
): TargetVerdict {
  let memo = verdicts.get(policy);
  if (!memo) verdicts.set(policy, (memo = new Map()));
  const key = `${allow ? allow.rules.join(",") : ""}\n${zone ? zone.zone : ""}\n${target}`;
  const verdict = memo.get(key) ?? checkTarget(target, policy, allow, zone?.intranet);
  remember(memo, key, verdict, VERDICT_MEMO_LIMIT);
  return verdict;
}

/** Appends the request's query; keys the target already sets are kept as the target has them. */
export function forwardQuery(target: string, search: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return target; // the target rules refuse it next
  }
  const own = new Set(url.searchParams.keys());
  const extra = search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && !own.has(decodeKey(pair)));
  if (extra.length === 0) return url.href;
  url.search = (url.search ? url.search.slice(1) + "&" : "") + extra.join("&");
  return url.href;
}

function decodeKey(pair: string): string {
  const raw = pair.split("=")[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
