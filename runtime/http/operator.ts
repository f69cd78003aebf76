/**
 * The protected operator surface behind Access: stats shell and registry API, tests page and
 * the instance's expectations evaluated by `resolve()` at request time.
 */
import { resolve, statusOf, type ResolveContext } from "../resolve.js";
import { pageAssetPath } from "../routes.js";
import type { RuntimeData } from "../registry/store.js";
import { readPage } from "../registry/store.js";
import { LANGUAGES, type Lang } from "../types.js";
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

export async function evaluateExpectations(data: RuntimeData, ctx: ResolveContext, now: Date): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const e of data.site.expectations) {
    const at = e.at ? new Date(e.at) : now;
    const resolution = await resolve({ method: "GET", url: e.path, now: at }, ctx);
    const location = resolution.outcome.type === "redirect" ? resolution.outcome.location : undefined;
    const actual = { status: statusOf(resolution.outcome), ...(location ? { location } : {}) };
    const pass = actual.status === e.status && (e.location === undefined || e.location === location);
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
  ctx: ResolveContext,
  now: Date,
): Promise<Response> {
  const lang: Lang = (LANGUAGES as readonly string[]).includes(langTag) ? (langTag as Lang) : data.site.default_lang;
  const sub = rest.replace(/^\/+|\/+$/g, "");
  if (sub === "") return htmlWithStatus(await readPage(data, pageAssetPath(lang, area)), 200, PRIVATE);
  if (area === "stats" && sub === "api/links.json") return json(200, { links: await data.links.all() }, PRIVATE);
  if (area === "tests" && sub === "api/results.json")
    return json(200, { results: await evaluateExpectations(data, ctx, now) }, PRIVATE);
  return plainNotFound();
}
