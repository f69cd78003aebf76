/**
 * The tests page's API: a few expectations of custom/tests.yaml at a time, evaluated by the
 * worker's own answer. A call reads the tests index, one page of expectations, and the registry
 * shards its paths need, whatever the number of expectations (docs/stats.md).
 */
import { TESTS_DEFAULT_LIMIT, TESTS_MAX_LIMIT } from "../contract/index.js";
import { evaluateExpectations, type AnswerAt } from "../expectations.js";
import { limitOf, paramsOf } from "./params.js";
import type { ApiAnswer } from "./stats-api.js";
import type { OperatorFiles } from "./store.js";

export async function resultsAnswer(
  files: OperatorFiles,
  search: URLSearchParams,
  run: { origin: string; answer: AnswerAt; now: Date },
): Promise<ApiAnswer> {
  const params = paramsOf(search, ["cursor", "limit"]);
  if (!params.ok) return { status: 400, body: { error: params.error } };
  const limit = limitOf(params.value.get("limit"), TESTS_DEFAULT_LIMIT, TESTS_MAX_LIMIT);
  if (!limit.ok) return { status: 400, body: { error: limit.error } };
  const index = await files.testsIndex();
  const cursor = params.value.get("cursor");
  const start = cursor === undefined ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : -1;
  if (start < 0 || start > index.total)
    return { status: 400, body: { error: "cursor is not one this API returned" } };
  let page = index.starts.length - 1;
  while (page > 0 && index.starts[page] > start) page--;
  const expectations =
    start === index.total
      ? []
      : (await files.testsPage(page)).expectations.slice(
          start - index.starts[page],
          start - index.starts[page] + limit.value,
        );
  const results = await evaluateExpectations(expectations, run.origin, run.answer, run.now);
  const end = start + results.length;
  return {
    status: 200,
    body: { results, start, next: end < index.total ? String(end) : null, total: index.total },
  };
}
