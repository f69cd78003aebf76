/**
 * The live worker's redirects, remembered per isolate by request URL. resolve() decides every
 * answer; this keeps its decision only for a URL whose answer cannot change while the isolate
 * lives: a redirect of a link without a schedule. The build fixes such a link's state, target and
 * status; the guards and routes before it depend on the path alone, and the query is part of the
 * key. Scheduled links, pages, misses and every other outcome are resolved each time.
 */
import type { EventFacts } from "./analytics/index.js";
import type { Draft } from "./http/headers.js";
import type { Resolution } from "./resolve.js";

/** Redirects remembered per isolate (a few hundred bytes each). */
export const ANSWER_CACHE_LIMIT = 4_096;

export interface RememberedAnswer {
  /** The request path, for the header rules. */
  path: string;
  /** The answer before the header rules. */
  draft: Draft;
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
    if (hit) {
      this.entries.delete(url);
      this.entries.set(url, hit);
    }
    return hit;
  }

  /** Keeps the answer if it is timeless; the oldest entry goes past the limit. */
  offer(url: string, resolution: Resolution, draft: Draft, event?: EventFacts): void {
    if (!timeless(resolution)) return;
    this.entries.set(url, { path: resolution.path, draft, event });
    if (this.entries.size > ANSWER_CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
