/**
 * Private zones (docs/private-links.md): which zone a path lies in. A zone covers its prefix and
 * every path below it on segment boundaries (`staff` covers `/staff` and `/staff/x`, never
 * `/staffing`), compared case-folded whatever `case_sensitive` says, so no spelling of a private
 * path falls outside its zone. Where zones nest, the longest prefix wins.
 */
import { foldCase } from "../case-fold.js";
import type { AccessZone } from "../contract/index.js";
import { normalizePath } from "../normalize.js";

/** The zone of a lookup key (a normalised path without its leading `/`), or undefined. */
export function zoneOfKey(key: string, zones: readonly AccessZone[]): AccessZone | undefined {
  if (zones.length === 0) return undefined;
  const folded = foldCase(key);
  let best: AccessZone | undefined;
  for (const zone of zones) {
    const inside =
      folded === zone.prefix ||
      (folded.length > zone.prefix.length &&
        folded.startsWith(zone.prefix) &&
        folded[zone.prefix.length] === "/");
    if (inside && (!best || zone.prefix.length > best.prefix.length)) best = zone;
  }
  return best;
}

/**
 * The zone of a request path as the visitor sent it (normalised as resolve() normalises it), or
 * undefined: outside every zone, or a path the normaliser refuses (a 404 whatever the zone).
 */
export function zoneOfPath(
  pathname: string,
  zones: readonly AccessZone[] | undefined,
): AccessZone | undefined {
  if (!zones || zones.length === 0) return undefined;
  const normal = normalizePath(pathname, true);
  return normal.ok ? zoneOfKey(normal.key, zones) : undefined;
}
