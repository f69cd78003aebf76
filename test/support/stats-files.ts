/**
 * The stats and tests files of a set of links, built by the compiler into memory and served by an
 * `ASSETS` binding that counts what each call reads: the runtime's queries run over them as they
 * would in the worker.
 */
import { buildStatsIndex } from "../../lib/stages/3-registry/stats-index/build-stats-index.js";
import { buildTestsPages } from "../../lib/stages/3-registry/stats-index/tests-pages.js";
import type { PageBudget } from "../../lib/stages/3-registry/stats-index/paginate.js";
import { compactJson } from "../../lib/stages/5-bundle/output-files.js";
import {
  STATS_INDEX_PATH,
  TESTS_INDEX_PATH,
  contentTypeOf,
  statsPagePath,
  testsPagePath,
  type Expectation,
  type LinkRecord,
  type TestsIndex,
} from "../../runtime/contract/index.js";
import type { AssetFetcher } from "../../runtime/env.js";
import { normalizePath } from "../../runtime/normalize.js";
import { placeholderKeyOf } from "../../runtime/placeholders.js";
import { OperatorFiles } from "../../runtime/stats/store.js";

export interface CountingAssets extends AssetFetcher {
  /** Paths read since the last `reset()`, and their bytes. */
  reads: string[];
  bytes: number;
  reset(): void;
}

export function countingAssets(files: ReadonlyMap<string, string>): CountingAssets {
  const assets: CountingAssets = {
    reads: [],
    bytes: 0,
    reset() {
      assets.reads = [];
      assets.bytes = 0;
    },
    async fetch(request: Request): Promise<Response> {
      const path = new URL(request.url).pathname;
      const content = files.get(path);
      if (content === undefined) return new Response("Not found", { status: 404 });
      assets.reads.push(path);
      assets.bytes += new TextEncoder().encode(content).length;
      return new Response(content, { headers: { "content-type": contentTypeOf(path) } });
    },
  };
  return assets;
}

/** The stats files of `links` as path -> JSON text. */
export function statsFileMap(
  links: readonly LinkRecord[],
  options: { caseSensitive?: boolean; budget?: PageBudget } = {},
): Map<string, string> {
  const built = buildStatsIndex(links, options.caseSensitive ?? false, options.budget);
  const files = new Map<string, string>([[STATS_INDEX_PATH, compactJson(built.index)]]);
  built.pageTexts.forEach((text, i) => files.set(statsPagePath(i), text));
  return files;
}

/** The tests files of `expectations` as path -> JSON text, and their index. */
export function testsFileMap(expectations: readonly Expectation[]): {
  files: Map<string, string>;
  index: TestsIndex;
} {
  const built = buildTestsPages(expectations);
  const files = new Map([[TESTS_INDEX_PATH, compactJson(built.index)]]);
  built.pages.forEach((page, i) => files.set(testsPagePath(i), compactJson(page)));
  return { files, index: built.index };
}

/** A fresh isolate's view: nothing of the stats files read yet. */
export const coldFiles = (assets: AssetFetcher) => new OperatorFiles(assets);

function keyOf(body: string): string {
  const normalized = normalizePath("/" + body, false);
  if (!normalized.ok) throw new Error(`not a slug: ${body}`);
  return normalized.key;
}

/** A link record as the compiler hands it over (only the fields the stats index reads matter). */
export function linkRecord(fields: Partial<LinkRecord> & { slug: string }): LinkRecord {
  const pattern = placeholderKeyOf(fields.slug, false);
  if (pattern !== null)
    return {
      ...linkRecord({ ...fields, slug: "x" }),
      kind: "placeholder",
      key: pattern,
      ...fields,
    };
  const splat = fields.slug === "*" || fields.slug.endsWith("/*");
  const body = fields.slug === "*" ? "" : splat ? fields.slug.slice(0, -2) : fields.slug;
  return {
    kind: splat ? "splat" : "exact",
    key: keyOf(body),
    target: `https://example.com/${body}`,
    status: 302,
    state: "active",
    forward_query: true,
    file: "custom/links/links.yaml",
    line: 1,
    ...fields,
  };
}
