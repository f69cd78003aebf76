/**
 * The private runtime files: where the compiler writes each one and which versioned schema id it
 * carries. The runtime reads a file only when its `schema` is exactly the id below, so a change of
 * shape that an older reader would misread takes a new version (`/2`), never a silent edit.
 */

export const REGISTRY_SCHEMA = "shortlinks.registry/2";
export const SHARD_SCHEMA = "shortlinks.registry-shard/2";
export const REGISTRY_FILTER_SCHEMA = "shortlinks.registry-filter/1";
export const BLOCKLIST_SCHEMA = "shortlinks.blocklist/1";
export const SITE_CONFIG_SCHEMA = "shortlinks.site-config/3";
export const CUSTOM_ASSETS_SCHEMA = "shortlinks.custom-assets/1";
export const STATS_INDEX_SCHEMA = "shortlinks.stats-index/2";
export const STATS_PAGE_SCHEMA = "shortlinks.stats-page/1";
export const TESTS_INDEX_SCHEMA = "shortlinks.tests-index/1";
export const TESTS_PAGE_SCHEMA = "shortlinks.tests-page/1";

/** Each private file of the assets directory with the schema id it carries. */
export const PRIVATE_ASSETS = {
  registry: { path: "/links.json", schema: REGISTRY_SCHEMA },
  blocklist: { path: "/links-blocklist.json", schema: BLOCKLIST_SCHEMA },
  siteConfig: { path: "/links-site-config.json", schema: SITE_CONFIG_SCHEMA },
  customAssets: { path: "/links-custom-assets.json", schema: CUSTOM_ASSETS_SCHEMA },
} as const;

export type PrivateAsset = (typeof PRIVATE_ASSETS)[keyof typeof PRIVATE_ASSETS];

/** The private runtime files. Never served to the public, in any spelling. */
export const PRIVATE_FILES: readonly PrivateAsset["path"][] = Object.values(PRIVATE_ASSETS).map(
  (asset) => asset.path,
);

/** Registry shards live below this folder; every file in it is as private as /links.json. */
export const SHARD_DIR = "/links-shards/";

/**
 * `/links-shards/<n>.jsonl`: a RegistryShard (schema SHARD_SCHEMA) as JSON Lines, one record per
 * line, written and read by runtime/registry/shard-format.ts.
 */
export function shardPath(shard: number, dir = ""): string {
  return `${dir}${SHARD_DIR}${shard}.jsonl`;
}

/**
 * The registry's membership filter, in the shard folder (so as private as the shards): the bytes
 * of its schema id and a line feed, then the bits (runtime/registry/filter.ts).
 */
export const REGISTRY_FILTER = {
  path: `${SHARD_DIR}filter.bin`,
  schema: REGISTRY_FILTER_SCHEMA,
} as const;

/**
 * The stats browsing index (docs/stats.md): `index.json` (STATS_INDEX_SCHEMA), the small
 * top-level index, and `<n>.json` (STATS_PAGE_SCHEMA), the pages of records it points to.
 */
export const STATS_DIR = "/links-stats/";
export const STATS_INDEX_PATH = `${STATS_DIR}index.json`;

export function statsPagePath(page: number, dir = ""): string {
  return `${dir}${STATS_DIR}${page}.json`;
}

/** The expectations of custom/tests.yaml, paged the same way for the tests page. */
export const TESTS_DIR = "/links-tests/";
export const TESTS_INDEX_PATH = `${TESTS_DIR}index.json`;

export function testsPagePath(page: number, dir = ""): string {
  return `${dir}${TESTS_DIR}${page}.json`;
}

/**
 * The files of every host but the default one (docs/domains.md): `/links-hosts/<ASCII host>`
 * holds that host's registry, shards, filter, stats and tests files under the very names the
 * default host's have at the root (the `dir` argument above), and every host's own files
 * (custom/domains/HOST/) below `files/`. As private as /links.json.
 */
export const HOSTS_DIR = "/links-hosts/";

/** Where a host's registry and operator files live: `/links-hosts/<host>`. */
export function hostDir(host: string): string {
  return `${HOSTS_DIR}${host}`;
}

/**
 * Where the tests pages of a listed host live: with its registry, except for an alias, whose
 * expectations are asked on the alias itself and so are its own.
 */
export function testsDirOf(entry: { host: string; dir: string; alias_of?: string }): string {
  return entry.alias_of === undefined ? entry.dir : hostDir(entry.host);
}

/** Where a host's own file (custom/domains/HOST/PATH) lies among the assets. */
export function hostFilePath(host: string, path: string): string {
  return `${hostDir(host)}/files${path}`;
}

/** Folders whose every file is as private as /links.json. */
export const PRIVATE_DIRS: readonly string[] = [SHARD_DIR, STATS_DIR, TESTS_DIR, HOSTS_DIR];
