/**
 * Small, deliberate responses. Every one of them also gets the header rules in worker.ts. The
 * frequent ones are drafts (plain objects), so the final Response is built once, rules included.
 */
import { contentTypeOf, isFontType, type Lang } from "../contract/index.js";
import type { Draft } from "./headers.js";
import { escapeHtml } from "../pages/escape.js";

/** `extra` names are lower-case. */
export function plainText(status: number, body: string, extra: Record<string, string> = {}): Draft {
  return {
    status,
    headers: { "cache-control": "no-store", ...extra, "content-type": "text/plain; charset=utf-8" },
    body,
  };
}

/** The plain 404; a scanner probe's carries its block category (`X-Deny-Category`). */
export function plainNotFound(deny?: string): Draft {
  return plainText(404, "Not found\n", deny ? { "x-deny-category": deny } : {});
}

export function json(status: number, value: unknown, extra: Record<string, string> = {}): Response {
  const headers = new Headers(extra);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(value), { status, headers });
}

export function jsonError(status: number, error: string): Response {
  return json(status, { error });
}

/** A product page answered with a chosen status (informational pages, 404 page, lookup pages). */
export function htmlWithStatus(
  html: string | null,
  status: number,
  extra: Record<string, string> = {},
): Draft {
  if (html === null)
    return plainText(
      status === 200 ? 404 : status,
      status === 200 ? "Not found\n" : "Unavailable\n",
    );
  return {
    status,
    headers: { "cache-control": "no-store", ...extra, "content-type": "text/html; charset=utf-8" },
    body: html,
  };
}

/** The 404 page's slot for the request's correlation id (docs/pages.md, templates). */
export const REFERENCE_SLOT = "{{reference}}";

/**
 * The miss 404, the one function that builds it: the not-found page (the plain 404 when the page
 * cannot be read), marked to receive the request's correlation id. Every answer that says "no
 * such short link" (unknown slug, hidden link, refused destination) is this draft, so they differ
 * only in that id (and a refusal's X-Deny-Category). The id is filled in as the answer is sent
 * (withReference), so the answer cache keeps one copy and every visitor gets their own id.
 */
export function notFoundPage(html: string | null, extra: Record<string, string> = {}): Draft {
  return { ...htmlWithStatus(html, 404, extra), reference: true };
}

/** A miss 404 as one request gets it: `id` as X-Correlation-ID and in the page's reference. */
export function withReference(sent: Draft, id: string): Draft {
  return {
    status: sent.status,
    headers: { ...sent.headers, "x-correlation-id": id },
    body: sent.body === null ? null : sent.body.replaceAll(REFERENCE_SLOT, escapeHtml(id)),
  };
}

/**
 * The CORS allowance of the specification: `Origin: null` only, and only on the two POST endpoints
 * (and font files, allowNullOriginFont below).
 */
export function allowNullOrigin(response: Response, request: Request): Response {
  if (request.headers.get("origin") !== "null") return response;
  response.headers.set("access-control-allow-origin", "null");
  response.headers.append("vary", "Origin");
  return response;
}

/**
 * A web font read by a sandboxed custom page: such a page has an opaque origin, so its same-host
 * font loads are cross-origin requests with `Origin: null`, which the browser refuses without an
 * allowance. Font files only, by the content type of their name (the one table,
 * runtime/contract/content-types.ts): nothing a page could read data from. Every font answer says
 * `Vary: Origin`, allowed or not, so that a cache never hands the answer without the allowance to
 * a sandboxed page (or the other way round), whatever cache life `_headers` gives fonts.
 */
export function allowNullOriginFont(asset: Response, file: string, request: Request): Response {
  if (!isFontType(contentTypeOf(file))) return asset;
  const font = new Response(asset.body, asset);
  if (request.headers.get("origin") !== "null") {
    font.headers.append("vary", "Origin");
    return font;
  }
  return allowNullOrigin(font, request);
}

/** What a page whose language came from Accept-Language says about it, for caches too. */
export function languageHeaders(lang: Lang): Record<string, string> {
  return { "content-language": lang, vary: "Accept-Language" };
}

export function preflight(allow: string, endpoint: boolean, request: Request): Response {
  const response = new Response(null, {
    status: 204,
    headers: { allow, "cache-control": "no-store" },
  });
  if (!endpoint || request.headers.get("origin") !== "null") return response;
  response.headers.set("access-control-allow-methods", "POST, OPTIONS");
  response.headers.set("access-control-allow-headers", "content-type");
  response.headers.set("access-control-max-age", "600");
  return allowNullOrigin(response, request);
}
