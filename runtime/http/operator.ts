/**
 * The protected operator surface behind Access: the stats shell and its API, the tests page and
 * its API (docs/stats.md). Every answer is private and never cached.
 */
import { pageAssetPath } from "../routes.js";
import type { Instance } from "../engine/instance.js";
import { assetsBelow } from "../registry/assets-below.js";
import { readPage } from "../registry/read-assets.js";
import { LANGUAGES, testsDirOf, type Lang } from "../contract/index.js";
import type { AnswerAt } from "../expectations.js";
import { eventsAnswer, linksAnswer, summaryAnswer, type ApiAnswer } from "../stats/stats-api.js";
import { OperatorFiles } from "../stats/store.js";
import { resultsAnswer } from "../stats/tests-api.js";
import type { Draft } from "./headers.js";
import { htmlWithStatus, json, plainNotFound } from "./responses.js";

const PRIVATE = { "cache-control": "private, no-store" };

/** The stats and tests files of each runtime data (a host's own, docs/domains.md), read on first need. */
const operatorFiles = new WeakMap<Instance, OperatorFiles>();

function filesOf(data: Instance): OperatorFiles {
  let files = operatorFiles.get(data);
  if (!files) {
    const { domain } = data;
    files = domain
      ? new OperatorFiles(
          assetsBelow(data.assets, domain.dir),
          assetsBelow(data.assets, testsDirOf(domain)),
        )
      : new OperatorFiles(data.assets);
    operatorFiles.set(data, files);
  }
  return files;
}

export interface OperatorRequest {
  area: "stats" | "tests";
  langTag: string;
  /** What follows the area, without a leading `/`. */
  rest: string;
  search: URLSearchParams;
}

export async function serveOperator(
  request: OperatorRequest,
  data: Instance,
  answer: AnswerAt,
  now: Date,
): Promise<Response | Draft> {
  const { area, langTag, rest, search } = request;
  const lang: Lang = (LANGUAGES as readonly string[]).includes(langTag)
    ? (langTag as Lang)
    : data.site.default_lang;
  const sub = rest.replace(/^\/+|\/+$/g, "");
  if (sub === "")
    return htmlWithStatus(await readPage(data, pageAssetPath(lang, area)), 200, PRIVATE);
  const api = apiOf(area, sub);
  if (!api) return plainNotFound();
  const files = filesOf(data);
  let result: ApiAnswer;
  try {
    result =
      api === "results"
        ? await resultsAnswer(files, search, {
            origin: new URL(data.site.base_url).origin,
            answer,
            now,
          })
        : await API[api](files, search, now);
  } catch (error) {
    console.error(`shortlinks: ${area} API unavailable: ${String(error)}`);
    return json(503, { error: `the ${area} files cannot be read` }, PRIVATE);
  }
  return json(result.status, result.body, PRIVATE);
}

const API = { links: linksAnswer, events: eventsAnswer, summary: summaryAnswer };

function apiOf(area: "stats" | "tests", sub: string): keyof typeof API | "results" | null {
  if (area === "tests") return sub === "api/results.json" ? "results" : null;
  const match = /^api\/(links|events|summary)\.json$/.exec(sub);
  return match ? (match[1] as keyof typeof API) : null;
}
