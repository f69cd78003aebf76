/**
 * The stats and tests files, read through the ASSETS binding on demand: each index once per
 * isolate, a few recent pages kept (consecutive calls often page through the same one).
 */
import type { AssetFetcher } from "../env.js";
import { readPrivateJson } from "../registry/read-assets.js";
import { remember } from "../lru.js";
import { cursorKey, type CursorKey } from "./cursor.js";
import { Separators } from "./separators.js";
import {
  STATS_INDEX_PATH,
  STATS_INDEX_SCHEMA,
  STATS_PAGE_SCHEMA,
  TESTS_INDEX_PATH,
  TESTS_INDEX_SCHEMA,
  TESTS_PAGE_SCHEMA,
  statsPagePath,
  testsPagePath,
  type StatsIndex,
  type StatsPage,
  type TestsIndex,
  type TestsPage,
} from "../contract/index.js";

/** Stats pages kept per isolate (at most 96 KiB of JSON each). */
export const PAGE_CACHE_LIMIT = 4;

/**
 * The stats index as a call uses it: its pages' separators, and, for each dense listing, the
 * pages without any of its rows.
 */
export interface LoadedIndex extends StatsIndex {
  separators: Separators;
  empty: ReadonlySet<number>[];
  /** The key that signs this build's cursors (made on first use, once per isolate). */
  cursorKey(): Promise<CursorKey>;
}

function loaded(index: StatsIndex): LoadedIndex {
  let key: Promise<CursorKey> | undefined;
  return {
    ...index,
    separators: new Separators(index.pages.first),
    empty: index.pages.empty.map((pages) => new Set(pages)),
    cursorKey: () => (key ??= cursorKey(index)),
  };
}

export class OperatorFiles {
  private index?: LoadedIndex;
  private tests?: TestsIndex;
  private readonly pages = new Map<number, StatsPage>();

  /** `tests`: where the tests files are read, when not beside the stats files (an alias host's). */
  constructor(
    private readonly assets: AssetFetcher,
    private readonly testsAssets: AssetFetcher = assets,
  ) {}

  /** Files parsed already (the start-up warm-up's): served from memory, nothing read. */
  static preloaded(index: StatsIndex, pages: readonly StatsPage[]): OperatorFiles {
    const files = new OperatorFiles({
      fetch: () => Promise.reject(new Error("preloaded stats files read nothing")),
    });
    files.index = loaded(index);
    pages.forEach((page, p) => files.pages.set(p, page));
    return files;
  }

  async statsIndex(): Promise<LoadedIndex> {
    this.index ??= loaded(
      await readPrivateJson<StatsIndex>(this.assets, {
        path: STATS_INDEX_PATH,
        schema: STATS_INDEX_SCHEMA,
      }),
    );
    return this.index;
  }

  async statsPage(page: number): Promise<StatsPage> {
    const cached = this.pages.get(page);
    if (cached) {
      remember(this.pages, page, cached, PAGE_CACHE_LIMIT);
      return cached;
    }
    const loaded = await readPrivateJson<StatsPage>(this.assets, {
      path: statsPagePath(page),
      schema: STATS_PAGE_SCHEMA,
    });
    remember(this.pages, page, loaded, PAGE_CACHE_LIMIT);
    return loaded;
  }

  async testsIndex(): Promise<TestsIndex> {
    this.tests ??= await readPrivateJson<TestsIndex>(this.testsAssets, {
      path: TESTS_INDEX_PATH,
      schema: TESTS_INDEX_SCHEMA,
    });
    return this.tests;
  }

  testsPage(page: number): Promise<TestsPage> {
    return readPrivateJson<TestsPage>(this.testsAssets, {
      path: testsPagePath(page),
      schema: TESTS_PAGE_SCHEMA,
    });
  }
}
