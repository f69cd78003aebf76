/**
 * The protected operator surface behind Access: stats shell and registry API, tests page and
 * the instance's expectations evaluated at request time (runtime/expectations.ts).
 */
import { evaluateExpectations, type AnswerAt } from "../expectations.js";
import { pageAssetPath } from "../routes.js";
import type { RuntimeData } from "../registry/store.js";
import { readPage } from "../registry/store.js";
import { LANGUAGES, type Lang } from "../contract/index.js";
import type { Draft } from "./headers.js";
import { htmlWithStatus, json, plainNotFound } from "./responses.js";

const PRIVATE = { "cache-control": "private, no-store" };

export async function serveOperator(
  area: "stats" | "tests",
  langTag: string,
  rest: string,
  data: RuntimeData,
  answer: AnswerAt,
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
