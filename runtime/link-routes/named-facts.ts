/**
 * Request facts as a person names them, in `custom/tests.yaml` and on `explain`'s command line
 * (docs/routes.md, "Trying a request"): the request to answer and the facts the platform would
 * have given it.
 */
import type { NamedFacts } from "../contract/index.js";
import type { EdgeFacts, GivenFacts } from "./facts.js";

export type { NamedFacts };

/** The request `named` describes, at `origin` + `path`, and the facts to answer it with. */
export function namedRequest(
  origin: string,
  path: string,
  named: NamedFacts,
  method = "GET",
): { request: Request; given: GivenFacts } {
  const url = new URL(origin + path);
  for (const [key, value] of Object.entries(named.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, one);
  const headers: Record<string, string> = {};
  if (named.lang !== undefined) headers["accept-language"] = named.lang;
  if (named.ua !== undefined) headers["user-agent"] = named.ua;
  if (named.ip !== undefined) headers["cf-connecting-ip"] = named.ip;
  const edge: EdgeFacts = {};
  const country = named.country ?? named.region?.split("-")[0];
  if (country !== undefined) edge.country = country.toUpperCase();
  if (named.continent !== undefined) edge.continent = named.continent.toUpperCase();
  if (named.region !== undefined) edge.region = named.region.toUpperCase();
  if (named.asn !== undefined) edge.asn = named.asn;
  if (named.timezone !== undefined) edge.timezone = named.timezone;
  const given: GivenFacts = { edge };
  if (named.split_draw !== undefined) given.draw = named.split_draw;
  if (named.as !== undefined) given.as = { email: named.as };
  return { request: new Request(url, { method, headers }), given };
}

/** Why `named` cannot be a request's facts, or null. */
export function namedFactsProblem(named: NamedFacts): string | null {
  if (named.region !== undefined && !/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(named.region))
    return `region ${JSON.stringify(named.region)} is not an ISO 3166-2 code such as US-TX`;
  const country = named.country?.toUpperCase();
  if (country && named.region && named.region.slice(0, 2).toUpperCase() !== country)
    return `region ${named.region} is not in country ${country}`;
  if (named.split_draw !== undefined && !(named.split_draw >= 0 && named.split_draw < 1))
    return `split_draw must be a number from 0 up to (not including) 1, got ${named.split_draw}`;
  if (named.asn !== undefined && !(Number.isInteger(named.asn) && named.asn >= 0))
    return `asn must be a whole number, got ${named.asn}`;
  return null;
}
