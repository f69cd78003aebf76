/**
 * zod schemas of the generated runtime files; every asset is checked before it is written (SL330).
 * The runtime cannot import zod, so its shapes are TypeScript interfaces in runtime/contract; the
 * assertions at the end of this file stop the typecheck when a schema and its interface differ.
 */
import { z } from "zod";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { LINK_ROUTE, NAMED_FACTS } from "./route-schemas.js";
import { certainlyValid } from "./schema-fastpath.js";
import {
  BLOCKLIST_SCHEMA,
  CUSTOM_ASSETS_SCHEMA,
  LANGUAGES,
  LINK_STATES,
  MAX_SHARDS,
  OPTIONAL_PAGES,
  REDIRECT_STATUSES,
  REGISTRY_SCHEMA,
  SHARD_SCHEMA,
  SITE_CONFIG_SCHEMA,
  STATS_INDEX_SCHEMA,
  STATS_PAGE_SCHEMA,
  STATS_SEPARATOR_RESTART,
  TESTS_INDEX_SCHEMA,
  TESTS_PAGE_SCHEMA,
  type Blocklist,
  type CustomAssets,
  type LinkRecord,
  type RegistryManifest,
  type RegistryShard,
  type SiteConfig,
  type StatsIndex,
  type StatsPage,
  type TestsIndex,
  type TestsPage,
} from "../../../runtime/contract/index.js";

const strings = z.array(z.string());
const lang = z.enum(LANGUAGES);

const SCHEDULE = z.strictObject({
  label: z.string().min(1),
  start: z.string().optional(),
  end: z.string().optional(),
});

const EXPECTATION = z.strictObject({
  ...NAMED_FACTS,
  path: z.string(),
  domain: z.string().min(1).optional(),
  at: z.string().optional(),
  status: z.number().int(),
  location: z.string().optional(),
  file: z.string(),
  line: z.number().int(),
});

const count = z.number().int().min(0);
const counted = z.array(z.tuple([z.string(), count]));

const STATS_ROW = z.tuple([
  z.string().min(1),
  z.union([z.literal(0), z.literal(1), z.literal(2)]),
  z.string().min(1),
  z.literal(REDIRECT_STATUSES),
  z
    .number()
    .int()
    .min(0)
    .max(LINK_STATES.length - 1),
  count,
  z.number().int().min(1),
  z.union([z.literal(0), SCHEDULE]).optional(),
  z.union([z.literal(0), z.string()]).optional(),
  z.union([z.literal(0), strings]).optional(),
  z.union([z.literal(0), z.string()]).optional(),
  z
    .union([
      z.literal(0),
      z.array(
        z.union([
          z.tuple([z.string().min(1), z.string().min(1)]),
          z.tuple([z.string().min(1), z.string().min(1), z.string().min(1)]),
        ]),
      ),
    ])
    .optional(),
  z.union([z.literal(0), z.string()]).optional(),
  z.string().optional(),
]);

const bound = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const PARAM_RULE = z.strictObject({
  digits: z.literal(true),
  min: bound.optional(),
  max: bound.optional(),
});

const LINK_RECORD = z.strictObject({
  kind: z.enum(["exact", "splat", "placeholder"]),
  slug: z.string().min(1),
  key: z.string(),
  target: z.string().min(1),
  status: z.literal(REDIRECT_STATUSES),
  state: z.enum(LINK_STATES),
  schedule: SCHEDULE.optional(),
  forward_query: z.boolean(),
  remainder: z.literal("drop").optional(),
  params: z.record(z.string(), PARAM_RULE).optional(),
  allow: z.strictObject({ rules: strings, reason: z.string().min(1) }).optional(),
  routes: z.array(LINK_ROUTE).min(1).optional(),
  zone: z.string().min(1).optional(),
  allow_users: z
    .strictObject({ emails: strings.optional(), email_domains: strings.optional() })
    .optional(),
  description: z.string().optional(),
  tags: strings.optional(),
  owner: z.string().optional(),
  title: z.string().optional(),
  notes: z.string().optional(),
  successor: z.string().min(1).optional(),
  preview: z
    .strictObject({
      title: z.string().min(1),
      description: z.string().min(1).optional(),
      image: z.string().min(1).optional(),
    })
    .optional(),
  domain: z.string().min(1).optional(),
  file: z.string().min(1),
  line: z.number().int().min(1),
});

const DOMAIN_ENTRY = z.strictObject({
  host: z.string().min(1),
  dir: z.string(),
  alias_of: z.string().min(1).optional(),
  root: z.string().url().optional(),
  not_found: z.string().url().optional(),
  access_aud: z.string().min(1).optional(),
  files: z
    .record(
      z.string().startsWith("/"),
      z.strictObject({ asset: z.string().startsWith("/"), content_type: z.string().min(1) }),
    )
    .optional(),
});

export const ASSET_SCHEMAS = {
  [REGISTRY_SCHEMA]: z.strictObject({
    schema: z.literal(REGISTRY_SCHEMA),
    case_sensitive: z.boolean(),
    shard_count: z.number().int().min(1).max(MAX_SHARDS),
    exact_count: z.number().int().min(0),
    splat_count: z.number().int().min(0),
    // Strictly ascending: the runtime walks them from the end for the longest splat prefix.
    splat_depths: z
      .array(z.number().int().min(0))
      .refine((d) => d.every((v, i) => i === 0 || d[i - 1] < v), "must be strictly ascending"),
    filter_bits: z
      .number()
      .int()
      .min(64)
      .refine((bits) => bits % 8 === 0, "must be a multiple of 8"),
    filter_hashes: z.number().int().min(1).max(16),
    placeholders: z
      .array(z.tuple([z.string().min(1), z.record(z.string(), PARAM_RULE).optional()]))
      .min(1)
      .optional(),
  }),
  [SHARD_SCHEMA]: z.strictObject({
    schema: z.literal(SHARD_SCHEMA),
    exact: z.record(z.string(), LINK_RECORD),
    splat: z.record(z.string(), LINK_RECORD),
    placeholder: z.record(z.string(), LINK_RECORD).optional(),
  }),
  [BLOCKLIST_SCHEMA]: z.strictObject({
    schema: z.literal(BLOCKLIST_SCHEMA),
    probes: z.strictObject({
      prefixes: strings,
      suffixes: strings,
      exact: strings,
      contains: strings,
    }),
    shorteners: strings,
    lure_domains: strings,
    blocked_hosts: strings,
    blocked_extensions: strings,
    blocked_keywords: z
      .array(
        z.strictObject({
          keyword: z.string().min(1),
          category: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
          reason: z.string(),
        }),
      )
      .optional(),
  }),
  [SITE_CONFIG_SCHEMA]: z.strictObject({
    schema: z.literal(SITE_CONFIG_SCHEMA),
    generator: z.string().min(1),
    base_url: z.string().url(),
    default_lang: lang,
    case_sensitive: z.boolean(),
    trailing_slash: z.literal("strict").optional(),
    redirect_max_age: z.number().int().min(0),
    code_host_api: z.string().url(),
    pages: z.array(z.enum(OPTIONAL_PAGES)),
    static_paths: strings,
    page_titles: z.record(z.string(), z.string()),
    header_rules: z.array(
      z.strictObject({
        pattern: z.string(),
        set: z.record(z.string(), z.string()),
        unset: strings,
      }),
    ),
    mandatory_headers: z.record(z.string(), z.string()),
    access_zones: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          prefix: z.string().min(1),
          aud: z.string().min(1),
          allow_targets: strings.optional(),
        }),
      )
      .min(1)
      .optional(),
    domains: z.array(DOMAIN_ENTRY).min(1).optional(),
  }),
  [CUSTOM_ASSETS_SCHEMA]: z.strictObject({
    schema: z.literal(CUSTOM_ASSETS_SCHEMA),
    files: z.array(
      z.strictObject({
        path: z.string().startsWith("/"),
        content_type: z.string(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        csp: z.enum(["strict", "sandboxed"]),
      }),
    ),
  }),
  [STATS_INDEX_SCHEMA]: z.strictObject({
    schema: z.literal(STATS_INDEX_SCHEMA),
    case_sensitive: z.boolean(),
    links: count,
    states: z.strictObject(
      Object.fromEntries(LINK_STATES.map((s) => [s, count])) as Record<
        (typeof LINK_STATES)[number],
        typeof count
      >,
    ),
    kinds: z.strictObject({ exact: count, splat: count, placeholder: count.min(1).optional() }),
    owners: z.strictObject({ count, top: counted }),
    tags: z.strictObject({ count, top: counted }),
    dense: strings,
    pages: z.strictObject({
      first: z
        .array(z.tuple([count, z.string()]))
        .min(1)
        .refine(
          (first) =>
            first.every(([shared], i) => i % STATS_SEPARATOR_RESTART !== 0 || shared === 0),
          `every ${STATS_SEPARATOR_RESTART}th separator must be whole`,
        ),
      starts: z
        .array(count)
        .min(1)
        .refine(
          (s) => s[0] === 0 && s.every((v, i) => i === 0 || s[i - 1] <= v),
          "must rise from 0",
        ),
      empty: z.array(z.array(count)),
    }),
    events: z.strictObject({ starts: z.tuple([count, count]), ends: z.tuple([count, count]) }),
  }),
  [STATS_PAGE_SCHEMA]: z.strictObject({
    schema: z.literal(STATS_PAGE_SCHEMA),
    files: strings,
    groups: z.array(z.tuple([z.string().min(1), count])),
    rows: z.array(STATS_ROW),
    spans: z.strictObject({ anchor: z.string(), counts: z.array(z.array(count)) }),
  }),
  [TESTS_INDEX_SCHEMA]: z.strictObject({
    schema: z.literal(TESTS_INDEX_SCHEMA),
    total: count,
    starts: z.array(count),
  }),
  [TESTS_PAGE_SCHEMA]: z.strictObject({
    schema: z.literal(TESTS_PAGE_SCHEMA),
    expectations: z.array(EXPECTATION),
  }),
} as const;

/** Problems of one generated asset against the schema it names, as short messages. */
export function assetSchemaProblems(value: { schema: string }): string[] {
  const schema = (ASSET_SCHEMAS as Record<string, z.ZodType>)[value.schema];
  if (!schema) return [`unknown schema ${JSON.stringify(value.schema)}`];
  if (certainlyValid(schema)(value)) return [];
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
}

/** SL330: a compiled file that its schema refuses is a compiler bug, never the operator's input. */
function selfCheckNote(schema: string, problem: string): Diagnostic {
  return diag(
    "SL330",
    { file: "(generated)", line: 0 },
    `${schema}: ${problem}`,
    "this is a compiler bug; please report it",
  );
}

/**
 * SL330 for each problem of compiled files against their schemas. Checked as each file is built
 * (lib/stages/compile.ts, the stats index).
 */
export function schemaDiagnostics(values: readonly { schema: string }[]): Diagnostic[] {
  return values.flatMap((value) =>
    assetSchemaProblems(value).map((problem) => selfCheckNote(value.schema, problem)),
  );
}

/**
 * SL330 for the records of a registry's shards: each against the record schema. A shard's text
 * is its records' lines under a header counted from them (`shardText`), so the records are what
 * can be wrong. They are checked in the links' order, as they lie in memory: shard by shard they
 * are scattered over the heap, and reading them took about twice as long (docs/performance.md,
 * "Shards in the links' order").
 */
export function shardSchemaDiagnostics(records: readonly LinkRecord[]): Diagnostic[] {
  const valid = certainlyValid(LINK_RECORD);
  const found: Diagnostic[] = [];
  for (const record of records) {
    if (valid(record)) continue;
    const result = LINK_RECORD.safeParse(record);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const at = [String(record.kind), String(record.key), ...issue.path].join(".");
      found.push(selfCheckNote(SHARD_SCHEMA, `${at}: ${issue.message}`));
    }
  }
  return found;
}

/** True only when A and B are the same type (each assignable to the other is not enough). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Shape<K extends keyof typeof ASSET_SCHEMAS> = z.output<(typeof ASSET_SCHEMAS)[K]>;

// Each line fails to compile when the zod schema and the runtime's interface disagree.
export const SCHEMAS_MATCH_THE_CONTRACT: [
  Same<Shape<typeof REGISTRY_SCHEMA>, RegistryManifest>,
  Same<Shape<typeof SHARD_SCHEMA>, RegistryShard>,
  Same<Shape<typeof BLOCKLIST_SCHEMA>, Blocklist>,
  Same<Shape<typeof SITE_CONFIG_SCHEMA>, SiteConfig>,
  Same<Shape<typeof CUSTOM_ASSETS_SCHEMA>, CustomAssets>,
  Same<Shape<typeof STATS_INDEX_SCHEMA>, StatsIndex>,
  Same<Shape<typeof STATS_PAGE_SCHEMA>, StatsPage>,
  Same<Shape<typeof TESTS_INDEX_SCHEMA>, TestsIndex>,
  Same<Shape<typeof TESTS_PAGE_SCHEMA>, TestsPage>,
] = [true, true, true, true, true, true, true, true, true];
