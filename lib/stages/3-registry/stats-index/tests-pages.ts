/**
 * The expectations of custom/tests.yaml in pages of at most TESTS_PAGE_MAX_BYTES, with a small
 * index of where each page starts: the tests page evaluates a few at a time (docs/stats.md).
 */
import {
  TESTS_INDEX_SCHEMA,
  TESTS_PAGE_MAX_BYTES,
  TESTS_PAGE_SCHEMA,
  type Expectation,
  type TestsIndex,
  type TestsPage,
} from "../../../../runtime/contract/index.js";
import { utf8Bytes } from "./paginate.js";

const PAGE_BASE_BYTES = 64;

export function buildTestsPages(expectations: readonly Expectation[]): {
  index: TestsIndex;
  pages: TestsPage[];
} {
  const pages: TestsPage[] = [];
  const starts: number[] = [];
  let current: Expectation[] = [];
  let bytes = PAGE_BASE_BYTES;
  expectations.forEach((expectation, i) => {
    const cost = utf8Bytes(JSON.stringify(expectation)) + 1;
    if (current.length > 0 && bytes + cost > TESTS_PAGE_MAX_BYTES) {
      pages.push({ schema: TESTS_PAGE_SCHEMA, expectations: current });
      current = [];
      bytes = PAGE_BASE_BYTES;
    }
    if (current.length === 0) starts.push(i);
    current.push(expectation);
    bytes += cost;
  });
  if (current.length > 0) pages.push({ schema: TESTS_PAGE_SCHEMA, expectations: current });
  return {
    index: { schema: TESTS_INDEX_SCHEMA, total: expectations.length, starts },
    pages,
  };
}
