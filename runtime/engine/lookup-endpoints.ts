/**
 * The lookup API's two endpoints as the engine answers them (answer.ts): a slug looked up (JSON,
 * or a server-rendered page for a plain form post) and the lookup page's beacon. Inside a private
 * zone, their events name the zone, never the slug typed.
 */
import type { EventFacts } from "../analytics/index.js";
import { zoneOfPath } from "../access/zones.js";
import type { Draft } from "../http/headers.js";
import {
  beaconFacts,
  formLanguage,
  lookupPath,
  lookupSlug,
  LOOKUP_BODY_LIMIT,
} from "../http/lookup-api.js";
import { readSmallBody } from "../http/read-body.js";
import { allowNullOrigin, json, jsonError, languageHeaders, plainText } from "../http/responses.js";
import { chooseLanguage } from "../language.js";
import { renderLookupResult } from "../pages/lookup-result.js";
import { readPage } from "../registry/read-assets.js";
import type { ResolveContext } from "../resolve.js";
import { pageAssetPath } from "../routes.js";
import type { Instance } from "./instance.js";

interface EndpointAnswer {
  response: Response | Draft;
  event?: EventFacts;
}

export async function lookupResolve(
  request: Request,
  data: Instance,
  rctx: ResolveContext,
  now: Date,
): Promise<EndpointAnswer> {
  const body = await readSmallBody(request, LOOKUP_BODY_LIMIT, { allowForm: true });
  if (!body.ok) return { response: allowNullOrigin(jsonError(body.status, body.error), request) };
  const slug = body.value.slug;
  if (typeof slug !== "string")
    return { response: allowNullOrigin(jsonError(400, "slug must be a string"), request) };
  const result = await lookupSlug(slug, rctx, now);
  if (!body.form) return { response: allowNullOrigin(json(200, result), request) };
  // A plain form post (no JavaScript): a server-rendered result page, and the lookup event here.
  // Its language is the form's, or else the visitor's.
  const fixed = formLanguage(body.value.lang);
  const lang =
    fixed ?? chooseLanguage(request.headers.get("accept-language"), data.site.default_lang);
  const template = await readPage(data, pageAssetPath(lang, "lookup-result"));
  if (template === null) return { response: plainText(503, "Service unavailable\n") };
  const html = renderLookupResult(template, result, { baseUrl: data.site.base_url, input: slug });
  return {
    response: new Response(html, {
      status: 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...(fixed ? {} : languageHeaders(lang)),
      },
    }),
    event: {
      kind: "lookup",
      ...eventSlug(slug, result.slug, data),
      lookup_result: result.found ? (result.state ?? "found") : "not-found",
    },
  };
}

export async function lookupBeacon(request: Request, data: Instance): Promise<EndpointAnswer> {
  const body = await readSmallBody(request, LOOKUP_BODY_LIMIT, { allowForm: false });
  if (!body.ok) return { response: allowNullOrigin(jsonError(body.status, body.error), request) };
  const facts = beaconFacts(body.value);
  if (!facts)
    return {
      response: allowNullOrigin(jsonError(400, "slug and result must be strings"), request),
    };
  return {
    response: allowNullOrigin(
      new Response(null, { status: 204, headers: { "cache-control": "no-store" } }),
      request,
    ),
    event: {
      kind: "lookup",
      ...eventSlug(facts.slug, facts.slug, data),
      lookup_result: facts.result,
    },
  };
}

/** What an event inside a private zone says of it: its name, and its prefix in place of the path. */
export function zoneFacts(zone: string, data: Instance): { zone: string; zone_path: string } {
  const prefix = data.site.access_zones?.find((z) => z.name === zone)?.prefix ?? "";
  return { zone, zone_path: "/" + prefix };
}

/**
 * The slug a lookup event carries: `slug`, or, when what was typed lies inside a private zone
 * (a miss there, whatever it names), only the zone.
 */
function eventSlug(
  typed: string,
  slug: string,
  data: Instance,
): { slug: string } | { zone: string; zone_path: string } {
  const path = lookupPath(typed);
  const zone = path === null ? undefined : zoneOfPath(path.split("?")[0], data.site.access_zones);
  return zone ? zoneFacts(zone.name, data) : { slug };
}
