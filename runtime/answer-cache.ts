/**
 * The live worker's redirects, remembered per isolate by request URL. resolve() decides every
 * answer; this keeps its decision only for a URL whose answer cannot change while the isolate
 * lives: a redirect of a link without a schedule. The build fixes such a link's state, target and
 * status; the guards and routes before it depend on the path alone, and the query is part of the
 * key. Scheduled links, pages, misses and every other outcome are resolved each time.
 *
 * The Response itself is kept and sent again: a redirect has no body, and workerd's
 * Response::send only reads the status and headers of a body-less response, so one object can
 * answer any number of requests (one constructor call fewer per hit). Nothing may change its
 * headers after it is built; the platform does not, and the worker never touches a response it
 * has returned.
 */
import type { EventFacts } from "./analytics/index.js";
import { remember } from "./lru.js";
import type { Resolution } from "./resolve.js";

/** Redirects remembered per isolate (a few hundred bytes each). */
export const ANSWER_CACHE_LIMIT = 4_096;

/** A redirect as sent: no body, the same for GET and HEAD. */
export interface RememberedAnswer {
  /** The final response, header rules applied; its body is null. */
  response: Response;
  event?: EventFacts;
}

/** Whether `resolution`'s answer is the same at any time: a redirect of an unscheduled link. */
export function timeless(resolution: Resolution): boolean {
  const { outcome, link } = resolution;
  return outcome.type === "redirect" && link !== null && !(link.kind === "exact" && link.schedule);
}

export class AnswerCache {
  private readonly entries = new Map<string, RememberedAnswer>();

  get(url: string): RememberedAnswer | undefined {
    const hit = this.entries.get(url);
    if (hit) remember(this.entries, url, hit, ANSWER_CACHE_LIMIT);
    return hit;
  }

  /**
   * Keeps the answer if it is timeless and has no body (a body can be sent only once); past the
   * limit the least recently used goes.
   */
  offer(url: string, resolution: Resolution, response: Response, event?: EventFacts): void {
    if (!timeless(resolution) || response.body !== null) return;
    remember(this.entries, url, { response, event }, ANSWER_CACHE_LIMIT);
  }

  get size(): number {
    return this.entries.size;
  }
}
