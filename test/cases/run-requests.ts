/**
 * The request case table's one runner, as hono runs one router suite against every router. Each
 * engine's test file gives an adapter (how a case is sent, what the engine can see) and calls
 * runRequestCases inside its describe; every answer is then checked here, the same way:
 *
 *   request-cases.resolve.test.ts      resolve() over the built registry (the decision only)
 *   request-cases.explain.test.ts      `shortlinks explain` over the compiled instance
 *   request-cases.bundle-node.test.ts  the built bundle imported in Node
 *   request-cases.workerd.test.ts      the built bundle in workerd (miniflare)
 *   engine/self-hosted.test.ts         the built bundle under plain `workerd serve`
 */
import { expect, it } from "vitest";
import { ACCESS_REFUSED } from "../support/console-capture.js";
import { REQUEST_CASES, type RequestCase } from "./requests.js";

export interface CaseAnswer {
  status: number;
  location: string | null;
  /** Response headers; absent for an engine that decides but does not answer (resolve()). */
  headers?: Headers;
  /** The event resolve() decided, for engines that can see it (undefined: not visible). */
  event?: string | null;
  /** The response body, for engines that send one (a HEAD answer must be empty). */
  body?: string;
  /** What the worker's code logged while answering, for engines that run it in this process. */
  warnings?: string[];
}

export interface CaseEngine {
  /** The cases this engine can run; resolve() sees no HTTP, explain takes no request body. */
  takes?: (c: RequestCase) => boolean;
  /**
   * What this engine cannot set, and why. A case that needs the clock (`at`) is skipped, and a
   * test says so by name; a split case accepts any of its `locations` instead of the drawn one.
   */
  cannot?: { clock?: string; draw?: string };
  answer(c: RequestCase): Promise<CaseAnswer>;
}

/** Registers one test per case the engine takes, in the caller's describe. */
export function runRequestCases(engine: CaseEngine): void {
  const taken = REQUEST_CASES.filter(engine.takes ?? (() => true));
  const needsClock = (c: RequestCase) => c.at !== undefined && engine.cannot?.clock !== undefined;
  const cases = taken.filter((c) => !needsClock(c));
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const answer = await engine.answer(c);
    const anyDraw = engine.cannot?.draw !== undefined && c.locations !== undefined;
    const location =
      anyDraw && c.locations?.includes(answer.location ?? "") ? c.location : undefined;
    expect(mismatches(c, location ? { ...answer, location } : answer)).toEqual([]);
    if (c.event !== undefined && answer.event !== undefined) expect(answer.event).toBe(c.event);
    if ((c.method ?? "GET") === "HEAD" && answer.body !== undefined) expect(answer.body).toBe("");
    // The table's 403s are access refusals: each logs one line saying why; nothing else logs.
    if (answer.warnings !== undefined)
      expect(answer.warnings).toEqual(
        c.status === 403 ? [expect.stringMatching(ACCESS_REFUSED)] : [],
      );
  });

  const skipped = taken.filter(needsClock);
  if (skipped.length > 0)
    it(`skips ${skipped.length} cases that need a clock it cannot set (${engine.cannot?.clock}); resolve() and explain run each`, () => {
      expect(skipped.filter((c) => c.http || c.body !== undefined).map((c) => c.name)).toEqual([]);
    });

  it("the table is at full length (at least 120 requests)", () => {
    expect(REQUEST_CASES.length).toBeGreaterThanOrEqual(120);
  });
}

/** A list of mismatches, empty when the answer is what the case expects. */
export function mismatches(c: RequestCase, answer: CaseAnswer): string[] {
  const problems: string[] = [];
  if (answer.status !== c.status) problems.push(`status ${answer.status}, expected ${c.status}`);
  if (c.location !== undefined && answer.location !== c.location)
    problems.push(`location ${answer.location}, expected ${c.location}`);
  if (c.expectBody && answer.body !== undefined && !c.expectBody.test(answer.body))
    problems.push(`body ${JSON.stringify(answer.body.slice(0, 200))}…, expected ${c.expectBody}`);
  if (!answer.headers) return problems;
  for (const [name, want] of Object.entries(c.expectHeaders ?? {})) {
    const got = answer.headers.get(name);
    if (
      want === null
        ? got !== null
        : typeof want === "string"
          ? got !== want
          : got === null || !want.test(got)
    )
      problems.push(`header ${name}: ${got}, expected ${String(want)}`);
  }
  return problems;
}

/** The answer of an engine that speaks HTTP. */
export async function httpAnswer(response: Response): Promise<CaseAnswer> {
  return {
    status: response.status,
    location: response.headers.get("location"),
    headers: response.headers,
    body: await response.text(),
  };
}

/** The instance's own host, which a case without `host` is sent to. */
export const CASE_HOST = "links.example.com";

/** The origin a case is sent to: `https://` and its Host. */
export function caseOrigin(c: RequestCase): string {
  return `https://${c.host ?? CASE_HOST}`;
}

/** The case as a request; its `cf` set as Cloudflare sets it, a property of the request. */
export function caseRequest(c: RequestCase, origin = caseOrigin(c)): Request {
  const request = new Request(origin + c.path, {
    method: c.method ?? "GET",
    headers: c.headers,
    body: c.body,
  });
  if (c.cf) Object.defineProperty(request, "cf", { value: c.cf });
  return request;
}
