/**
 * The live worker's answers, remembered per isolate. resolve() decides every answer; this keeps
 * its decision only where the answer cannot change while the isolate lives: a redirect or a
 * product page (the 404 page of a miss, an informational or lookup page) that no schedule
 * touches and no routes choose. The build fixes every other input, the guards and routes before it depend on the path
 * alone, and the query is part of the key. Scheduled links, every path inside a private zone
 * (its answer depends on the visitor's token) and every other outcome (static files, protected
 * areas, endpoints, plain answers) are resolved each time.
 *
 * Redirects are keyed by URL. A page also depends on Accept-Language, so pages are keyed by URL
 * and the header as sent, in a map of their own: a scanner's stream of distinct missing paths
 * turns over the pages, never the redirects.
 *
 * A body-less answer (every redirect; a page asked with HEAD) is one Response sent again:
 * workerd's Response::send only reads a body-less response's status and headers, so one object
 * can answer any number of requests, one constructor call fewer per hit. Nothing may change its
 * headers after it is built; the platform does not, and the worker never touches a response it
 * has returned. A page's body is a string, put into a fresh Response for each GET.
 */
import { correlationId, type EventFacts } from "./analytics/index.js";
import type { Draft } from "./http/headers.js";
import { withReference } from "./http/responses.js";
import { remember } from "./lru.js";
import type { Resolution } from "./resolve.js";
import { pageAssetPath } from "./routes.js";

/** Redirects remembered per isolate (a Response of about 1 KiB each). */
export const REDIRECT_MEMO_LIMIT = 4_096;
/** Pages remembered per isolate (headers and a Response; the HTML is shared with the page cache). */
export const PAGE_MEMO_LIMIT = 1_024;

/** An answer as sent: final headers, header rules applied. */
interface Remembered {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** A page's HTML; null for a redirect. */
  body: string | null;
  /** The answer without a body: what a redirect, or a HEAD, gets (made on first need). */
  bodiless?: Response;
  event?: EventFacts;
  /** The miss 404: each request gets its own correlation id (responses.ts, withReference). */
  reference?: true;
}

/**
 * Whether `resolution`'s answer is the same at any time: a redirect or page of no link, or of a
 * link without a schedule. `pagesRead` are the pages this isolate has read: a page whose read
 * failed answers plain text and is tried again next time.
 */
export function timeless(resolution: Resolution, pagesRead: ReadonlyMap<string, string>): boolean {
  const { outcome, link } = resolution;
  // A private zone's answer depends on the visitor's token: never kept, never sent to another.
  if (resolution.zone !== null) return false;
  if (link?.kind === "exact" && link.schedule) return false;
  // A link with a card answers preview bots otherwise than people, by User-Agent (docs/previews.md).
  if (link?.preview) return false;
  // A link with routes redirects by the request's facts and the time (docs/routes.md).
  if (outcome.type === "redirect") return !link?.routes;
  return outcome.type === "page" && pagesRead.has(pageAssetPath(outcome.lang, outcome.page));
}

export class AnswerCache {
  private readonly redirects = new Map<string, Remembered>();
  private readonly pages = new Map<string, Remembered>();

  /** The remembered answer to a GET or HEAD `request`, if there is one. */
  answer(request: Request): { response: Response; event?: EventFacts } | undefined {
    const url = request.url;
    let hit = this.redirects.get(url);
    if (hit) remember(this.redirects, url, hit, REDIRECT_MEMO_LIMIT);
    else {
      const key = pageKey(url, request.headers.get("accept-language"));
      hit = this.pages.get(key);
      if (!hit) return undefined;
      remember(this.pages, key, hit, PAGE_MEMO_LIMIT);
    }
    if (hit.reference) {
      const filled = withReference(hit, correlationId(request));
      const body = request.method === "HEAD" ? null : filled.body;
      return {
        response: new Response(body, { status: filled.status, headers: filled.headers }),
        event: hit.event,
      };
    }
    const response =
      hit.body === null || request.method === "HEAD"
        ? (hit.bodiless ??= new Response(null, { status: hit.status, headers: hit.headers }))
        : new Response(hit.body, { status: hit.status, headers: hit.headers });
    return { response, event: hit.event };
  }

  /**
   * Keeps `sent` (the final draft: header rules applied), answered as `response`, if it is
   * timeless. A body-less `response` is itself kept to be sent again. A page is kept only from a
   * GET, which carries its body. Past a map's limit the least recently used goes.
   */
  offer(
    request: Request,
    resolution: Resolution,
    sent: Draft,
    response: Response,
    pagesRead: ReadonlyMap<string, string>,
    event?: EventFacts,
  ): void {
    if (!timeless(resolution, pagesRead)) return;
    const entry: Remembered = {
      status: sent.status,
      headers: sent.headers,
      body: sent.body,
      event,
    };
    if (sent.reference) entry.reference = true;
    if (sent.body === null) entry.bodiless = response;
    if (resolution.outcome.type === "redirect")
      remember(this.redirects, request.url, entry, REDIRECT_MEMO_LIMIT);
    else if (request.method === "GET" && sent.body !== null)
      remember(
        this.pages,
        pageKey(request.url, request.headers.get("accept-language")),
        entry,
        PAGE_MEMO_LIMIT,
      );
  }

  get size(): { redirects: number; pages: number } {
    return { redirects: this.redirects.size, pages: this.pages.size };
  }
}

/** A URL never holds a line feed, so the key is unambiguous. */
function pageKey(url: string, acceptLanguage: string | null): string {
  return `${url}\n${acceptLanguage ?? ""}`;
}
