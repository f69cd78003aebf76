/**
 * The files of dist/, in memory, sorted by path: worker, wrangler.json, assets/** and, for a site
 * with private zones, access.json.
 */
import { shardText } from "../../../runtime/registry/shard-format.js";
import { shardBytes } from "../3-registry/shard-bytes.js";
import { measured } from "../4-assets/asset-size.js";
import {
  PRIVATE_ASSETS,
  REGISTRY_FILTER,
  STATS_INDEX_PATH,
  TESTS_INDEX_PATH,
  hostFilePath,
  shardPath,
  statsPagePath,
  testsPagePath,
  type Blocklist,
  type CustomAssets,
  type SiteConfig,
  type StatsIndex,
  type TestsIndex,
  type TestsPage,
} from "../../../runtime/contract/index.js";
import type { MemoryAsset } from "../../shared/memory-instance.js";
import type { MeasuredRegistry, Registry } from "../3-registry/build-registry.js";
import type { Site } from "../1-sources/site/site-schema.js";
import {
  ACCESS_MANIFEST_FILE,
  ASSETS_DIR,
  WORKER_FILE,
  WRANGLER_CONFIG,
} from "../../shared/paths.js";
import { accessManifest } from "./access-manifest.js";
import type { DomainFile } from "../1-sources/custom/domain-files.js";

export interface OutputFile {
  /** Relative to the output folder, `/` separators. */
  path: string;
  content: string | Uint8Array;
  /**
   * Its content's size in bytes, counted without making it (a shard's: see shard-bytes.ts). Such
   * a file's content is measured as it is made, and throws AssetTooLargeError when over the limit.
   */
  bytes?: () => number;
}

/** Pinned so a rebuild never changes the runtime's behaviour behind the operator's back. */
export const COMPATIBILITY_DATE = "2026-04-26";
export const ROBOTS_TXT = "User-agent: *\nDisallow: /\n";

/** Files of one host (docs/domains.md): `dir` is "" for the default host, `/links-hosts/<host>` else. */
type InDir<T> = T & { dir: string };

export interface AssembleInput {
  site: Site;
  worker: string;
  headersText: string;
  /** Registries made, or only measured (check without expectations): see `registryFiles`. */
  registries: InDir<Registry | MeasuredRegistry>[];
  /** Each host's own files (custom/domains/HOST/), by ASCII host. */
  domainFiles?: ReadonlyMap<string, readonly DomainFile[]>;
  blocklist: Blocklist;
  siteConfig: SiteConfig;
  customAssets: CustomAssets;
  stats: InDir<{ index: StatsIndex; pageTexts: string[] }>[];
  tests: InDir<{ index: TestsIndex; pages: TestsPage[] }>[];
  pages: { path: string; content: string | Uint8Array }[];
  customFiles: { path: string; content: Uint8Array }[];
}

/** Small files are indented for review; shards are JSON Lines (runtime/registry/shard-format.ts); the stats and tests files are compact JSON, parsed per request. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2) + "\n";
export const compactJson = (value: unknown) => JSON.stringify(value) + "\n";

export function workerName(siteName: string): string {
  const name = siteName
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  return name === "" ? "shortlinks" : name;
}

export function wranglerConfig(site: Site, hosts?: readonly string[]): object {
  return {
    name: workerName(site.site_name),
    main: WORKER_FILE,
    compatibility_date: COMPATIBILITY_DATE,
    no_bundle: true,
    assets: { directory: `./${ASSETS_DIR}`, binding: "ASSETS", run_worker_first: true },
    vars: {},
    // The config is regenerated on every build and sets no variables: without this, each deploy
    // would delete the plain-text variables an operator typed into the dashboard.
    keep_vars: true,
    ...(hosts ? hostRoutes(hosts) : {}),
  };
}

/**
 * An instance that lists its hosts is deployed to each as a Custom Domain, aliases included, and
 * to no workers.dev name: a host it does not list gets a plain 404 (docs/domains.md).
 */
function hostRoutes(hosts: readonly string[]): object {
  return {
    routes: hosts.map((pattern) => ({ pattern, custom_domain: true })),
    workers_dev: false,
    preview_urls: false,
  };
}

/** The files of the assets folder, by their path in it (`/links.json`): what ASSETS serves. */
export function assetFiles(files: readonly OutputFile[]): MemoryAsset[] {
  const prefix = ASSETS_DIR + "/";
  return files
    .filter((f) => f.path.startsWith(prefix))
    .map((f) => ({
      path: f.path.slice(ASSETS_DIR.length),
      get content() {
        return f.content;
      },
    }));
}

const asset = (path: string, content: string | Uint8Array): OutputFile => ({
  path: ASSETS_DIR + path,
  content,
});

/**
 * A file whose content is made when it is read, and not kept: at a million links the shards' text
 * is about 250 MB, and writing them one at a time keeps it out of the build's peak memory.
 */
const lazyAsset = (path: string, content: () => string, bytes: () => number): OutputFile => ({
  path: ASSETS_DIR + path,
  get content() {
    return measured(ASSETS_DIR + path, content());
  },
  bytes,
});

/** A file measured and never made: its size counts (SL505), reading its content throws. */
const unmade = (path: string, bytes: number): OutputFile => ({
  path: ASSETS_DIR + path,
  get content(): string {
    throw new Error(`${ASSETS_DIR + path} was measured, not made`);
  },
  bytes: () => bytes,
});

/** A registry's shards and filter; a measured registry's are measured, not made. */
function registryFiles(registry: InDir<Registry | MeasuredRegistry>): OutputFile[] {
  const { dir } = registry;
  const filterPath = dir + REGISTRY_FILTER.path;
  if (!("shards" in registry))
    return [
      ...registry.shardBytes.map((bytes, i) => unmade(shardPath(i, dir), bytes)),
      unmade(filterPath, registry.filterBytes),
    ];
  return [
    ...registry.shards.map((shard, i) =>
      lazyAsset(
        shardPath(i, dir),
        () => shardText(shard),
        () => registry.shardBytes?.[i] ?? shardBytes(shard),
      ),
    ),
    asset(filterPath, registry.filter.toFile()),
  ];
}

export function assembleOutput(input: AssembleInput): OutputFile[] {
  const hosts = input.siteConfig.domains?.map((d) => d.host);
  const files: OutputFile[] = [
    { path: WORKER_FILE, content: input.worker },
    { path: WRANGLER_CONFIG, content: prettyJson(wranglerConfig(input.site, hosts)) },
    asset("/_headers", input.headersText),
    asset("/robots.txt", ROBOTS_TXT),
    ...input.registries.flatMap((registry) => [
      asset(registry.dir + PRIVATE_ASSETS.registry.path, prettyJson(registry.manifest)),
      ...registryFiles(registry),
    ]),
    asset(PRIVATE_ASSETS.blocklist.path, prettyJson(input.blocklist)),
    asset(PRIVATE_ASSETS.siteConfig.path, prettyJson(input.siteConfig)),
    asset(PRIVATE_ASSETS.customAssets.path, prettyJson(input.customAssets)),
    ...input.stats.flatMap(({ dir, index, pageTexts }) => [
      asset(dir + STATS_INDEX_PATH, compactJson(index)),
      ...pageTexts.map((text, i) => asset(statsPagePath(i, dir), text)),
    ]),
    ...input.tests.flatMap(({ dir, index, pages }) => [
      asset(dir + TESTS_INDEX_PATH, compactJson(index)),
      ...pages.map((page, i) => asset(testsPagePath(i, dir), compactJson(page))),
    ]),
    ...input.pages.map((p) => asset(p.path, p.content)),
    ...input.customFiles.map((f) => asset(f.path, f.content)),
    ...[...(input.domainFiles ?? [])].flatMap(([host, own]) =>
      own.map((f) => asset(hostFilePath(host, f.path), f.content)),
    ),
  ];
  const zones = input.siteConfig.access_zones;
  if (zones)
    files.push({
      path: ACCESS_MANIFEST_FILE,
      content: prettyJson(accessManifest(input.site.base_url, zones)),
    });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
