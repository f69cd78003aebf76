/**
 * Start-up warm-up: one redirect through the whole request path, on a tiny in-memory instance,
 * while the worker module is evaluated. V8 compiles a function on its first call, so without
 * this the first real request of an isolate pays for compiling and first-running about a
 * hundred functions (about 2 ms of its CPU). Module evaluation is isolate start-up, which the
 * platform runs before the first request and limits separately (1 s).
 *
 * Nothing is shared with real requests: the runtime files are cached per ASSETS binding, target
 * verdicts per policy object and the analytics settings per env, and this env is its own.
 * No I/O, timers or randomness happen here (the platform forbids them at start-up).
 */
import type { AssetFetcher, Env } from "./env.js";
import type { RuntimeData } from "./registry/store.js";
import { filterShapeFor, MembershipFilter } from "./registry/filter.js";
import { shardRecords, shardText } from "./registry/shard-format.js";
import { ShardedLinks } from "./registry/sharded-links.js";
import {
  BLOCKLIST_SCHEMA,
  REGISTRY_SCHEMA,
  SITE_CONFIG_SCHEMA,
  type Blocklist,
  type RegistryManifest,
  type LinkRecord,
  type SiteConfig,
} from "./contract/index.js";

type Answer = (
  request: Request,
  env: Env,
  data: RuntimeData,
  now: Date,
) => Promise<{ response: Response }>;

const SITE: SiteConfig = {
  schema: SITE_CONFIG_SCHEMA,
  generator: "shortlinks/warm-up",
  base_url: "https://warm-up.invalid",
  default_lang: "en",
  case_sensitive: false,
  redirect_max_age: 0,
  code_host_api: "https://api.github.com",
  pages: [],
  static_paths: [],
  page_titles: {},
  header_rules: [{ pattern: "/*", set: { "X-Generated-By": "shortlinks/warm-up" }, unset: [] }],
  mandatory_headers: { "x-generated-by": "shortlinks/warm-up" },
};

const BLOCKLIST: Blocklist = {
  schema: BLOCKLIST_SCHEMA,
  probes: { prefixes: ["/wp-admin"], suffixes: [".php"], exact: ["/.env"], contains: ["/.git/"] },
  shorteners: ["bit.ly"],
  lure_domains: [],
  blocked_hosts: [],
  blocked_extensions: [".exe"],
};

const MANIFEST: RegistryManifest = {
  schema: REGISTRY_SCHEMA,
  case_sensitive: false,
  shard_count: 1,
  exact_count: 1,
  splat_count: 0,
  splat_depths: [],
  filter_bits: 64,
  filter_hashes: 7,
};

const RECORD: LinkRecord = {
  kind: "exact",
  slug: "warm-up",
  key: "warm-up",
  target: "https://example.com/warm-up",
  status: 302,
  state: "active",
  forward_query: false,
  file: "warm-up",
  line: 1,
};

/** Reading a body is I/O, which start-up may not do: the warm-up's files are already parsed. */
const NO_ASSETS: AssetFetcher = {
  fetch: () => Promise.reject(new Error("the warm-up reads no files")),
};

/** Answers `GET /warm-up` with `answer`; resolves to the answer's status (0 if it failed). */
export function warmUp(answer: Answer): Promise<number> {
  try {
    const filter = MembershipFilter.empty(filterShapeFor(1, 64, MANIFEST.filter_hashes));
    filter.add("exact", "warm-up");
    const links = new ShardedLinks(NO_ASSETS, MANIFEST, filter);
    links.keep(0, shardText(shardRecords([RECORD])));
    const data: RuntimeData = {
      assets: NO_ASSETS,
      site: SITE,
      blocklist: BLOCKLIST,
      links,
      staticPaths: new Set(),
      pages: new Map(),
    };
    const request = new Request("https://warm-up.invalid/warm-up");
    return answer(request, { ASSETS: NO_ASSETS }, data, new Date(0)).then(
      ({ response }) => response.status,
      () => 0,
    );
  } catch {
    return Promise.resolve(0);
  }
}
