/**
 * One hop: HEAD first; GET when the server refuses HEAD; a bounded number of retries for
 * answers that say "try again" (429, 502, 503, 504) and for dropped connections, with a
 * back-off on the clock (Retry-After honoured up to a cap).
 */
import { sleep, type Clock } from "./clock.js";
import type { Answer } from "./http-request.js";

/**
 * Sends one request. `onQueued` hears how long it waited for a free slot of its host (behind other
 * links' requests) before it went out: time that is not the target's own.
 */
export type Send = (
  url: URL,
  method: "HEAD" | "GET",
  onQueued?: (ms: number) => void,
) => Promise<Answer>;

export interface HopPolicy {
  send: Send;
  clock: Clock;
  retries: number;
  retryDelayMs: number;
  signal: AbortSignal;
}

/** HEAD answers that do not speak for GET: anything 4xx/5xx except a definite 404 or 410. */
export function headRefused(answer: Answer): boolean {
  if (!answer.ok) return answer.problem.kind === "reset" || answer.problem.kind === "protocol";
  return answer.status >= 400 && answer.status !== 404 && answer.status !== 410;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 10_000;

function retryable(answer: Answer): boolean {
  if (!answer.ok) return answer.problem.transient === true;
  return RETRY_STATUSES.has(answer.status);
}

/** Retry-After in seconds (a date form counts as "the default delay"), capped. */
export function retryDelay(answer: Answer, attempt: number, baseMs: number): number {
  const header = answer.ok ? answer.retryAfter : null;
  const seconds = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  const delay = seconds !== null ? seconds * 1000 : baseMs * 2 ** attempt;
  return Math.min(delay, MAX_RETRY_AFTER_MS);
}

export async function fetchHop(url: URL, policy: HopPolicy): Promise<Answer> {
  let method: "HEAD" | "GET" = "HEAD";
  for (let attempt = 0; ; attempt++) {
    let answer = await policy.send(url, method);
    if (method === "HEAD" && headRefused(answer)) {
      method = "GET";
      answer = await policy.send(url, method);
    }
    if (attempt >= policy.retries || !retryable(answer)) return answer;
    const waited = await sleep(
      policy.clock,
      retryDelay(answer, attempt, policy.retryDelayMs),
      policy.signal,
    );
    if (!waited) return answer;
  }
}
