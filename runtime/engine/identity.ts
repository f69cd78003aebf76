/**
 * The engine's half of private links (docs/private-links.md): the zone a request's path lies in
 * is found by prefix (cheap, no lookup), and only then is its Access token verified, against that
 * zone's `aud` with the stats verifier and its JWKS cache. The result reaches resolve() as a fact.
 * Every request inside a zone pays the same verification whether a link exists there or not, so
 * neither the answer nor its timing tells a visitor which private slugs exist.
 */
import { extractAccessToken, verifyAccess } from "../access/index.js";
import { zoneOfPath } from "../access/zones.js";
import type { SiteConfig } from "../contract/index.js";
import type { Env } from "../env.js";
import type { Identity } from "../private-links.js";
import type { GivenFacts } from "../link-routes/facts.js";

/** `as` of the facts a caller gives (link-routes/facts.ts, GivenFacts). */
export type IdentityOptions = Pick<GivenFacts, "as">;

/** The verified identity of `request` for the zone of its path, or undefined (outside, or refused). */
export async function identityOf(
  request: Request,
  env: Pick<Env, "ACCESS_TEAM_DOMAIN">,
  site: Pick<SiteConfig, "access_zones">,
  options: IdentityOptions | undefined,
): Promise<Identity | undefined> {
  const zones = site.access_zones;
  if (!zones || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  const zone = zoneOfPath(new URL(request.url).pathname, zones);
  if (!zone) return undefined;
  if (options?.as) return { zone: zone.name, ...options.as };
  // No token is an anonymous visitor, not a fault: nothing to log (Access in front lets none
  // through, so only other spellings of a path arrive without one).
  if (extractAccessToken(request) === null) return undefined;
  const verdict = await verifyAccess(request, {
    ACCESS_TEAM_DOMAIN: env.ACCESS_TEAM_DOMAIN,
    ACCESS_AUD: zone.aud,
  });
  if (!verdict.ok) {
    // A token that fails is worth a line (a wrong aud, an unreachable JWKS): the reason names
    // the check that failed, never the token or its claims.
    console.warn(`shortlinks: access refused on zone ${zone.name}: ${verdict.reason}`);
    return undefined;
  }
  return verdict.email === undefined
    ? { zone: zone.name }
    : { zone: zone.name, email: verdict.email };
}
