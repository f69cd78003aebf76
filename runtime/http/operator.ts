/**
 * The protected operator surface behind Access: stats shell and registry API, tests page and
 * the instance's expectations evaluated by `resolve()` at request time.
 */
import { pageAssetPath } from "../routes.js";
import type { RuntimeData } from "../registry/store.js";
import { readPage } from "../registry/store.js";
import { LANGUAGES, type Expectation, type Lang } from "../contract/index.js";
import type { Draft } from "./headers.js";
import { htmlWithStatus, json, plainNotFound } from "./responses.js";

const PRIVATE = { "cache-control": "private, no-store" };

export interface ExpectationResult {
  path: string;
  at?: string;
  expected: { status: number; location?: string };
  actual: { status: number; location?: string };
  pass: boolean;
  file: string;
  line: number;
}

/** What a request gets at a moment: the worker's own answer (passed in, so this module stays below worker.ts). */
export type Answer = (request: Request, at: Date) => Promise<Response>;

/**
 * The instance's expectations (custom/tests.yaml) against real answers: the tests page shows
 * these, and `shortlinks check` reports the failures.
 */
export async function evaluateExpectations(
  expectations: readonly Expectation[],
  origin: string,
  answer: Answer,
  now: Date,
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const e of expectations) {
    const response = await answer(new Request(origin + e.path), e.at ? new Date(e.at) : now);
    const location = response.headers.get("location") ?? undefined;
    const actual = { status: response.status, ...(location ? { location } : {}) };
    const pass =
      actual.status === e.status && (e.location === undefined || e.location === location);
    results.push({
      path: e.path,
      ...(e.at ? { at: e.at } : {}),
      expected: { status: e.status, ...(e.location ? { location: e.location } : {}) },
      actual,
      pass,
      file: e.file,
      line: e.line,
    });
  }
  return results;
}

export async function serveOperator(
  area: "stats" | "tests",
  langTag: string,
  rest: string,
  data: RuntimeData,
  answer: Answer,
  now: Date,
): Promise<Response | Draft> {
  const lang: Lang = (LANGUAGES as readonly string[]).includes(langTag)
    ? (langTag as Lang)
    : data.site.default_lang;
  const sub = rest.replace(/^\/+|\/+$/g, "");
  if (sub === "")
    return htmlWithStatus(await readPage(data, pageAssetPath(lang, area)), 200, PRIVATE);
  if (area === "stats" && sub === "api/links.json")
    return json(200, { links: await data.links.all() }, PRIVATE);
  if (area === "tests" && sub === "api/results.json")
    return json(
      200,
      {
        results: await evaluateExpectations(
          data.site.expectations,
          new URL(data.site.base_url).origin,
          answer,
          now,
        ),
      },
      PRIVATE,
    );
  return plainNotFound();
}
