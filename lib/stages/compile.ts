/**
 * The whole pipeline in memory: sources -> validate -> registry -> assets/headers -> bundle.
 * `build` writes the result; `check` only reads the diagnostics. Nothing here touches dist/.
 */
import { renderPages } from "./4-assets/pages/render-pages.js";
import { buildRegistry, measureRegistry } from "./3-registry/build-registry.js";
import { loadSite } from "./1-sources/site/load-site.js";
import { SITE_SCHEMA, type Site } from "./1-sources/site/site-schema.js";
import { checkRow, loadSources } from "./1-sources/links/load-sources.js";
import type { RawRow } from "./1-sources/links/raw-row.js";
import { loadBlocklist } from "./1-sources/policy/blocklist.js";
import {
  readsBeyondItsAnswer,
  validateLinks,
  type OneValidated,
} from "./2-validate/validate-links.js";
import type { SourceLink } from "./1-sources/links/row-schema.js";
import { handedConflicts } from "./2-validate/conflicts-beside.js";
import { shareRepeatedStrings } from "./2-validate/shared-strings.js";
import { composeHeaders } from "./4-assets/headers/compose-headers.js";
import { loadCustomFiles } from "./1-sources/custom/custom-files.js";
import { loadExpectations } from "./1-sources/custom/load-expectations.js";
import { buildSiteConfig } from "./4-assets/site-config.js";
import { pageTitles } from "./4-assets/pages/page-title.js";
import { bundleWorker } from "./5-bundle/bundle-worker.js";
import { assembleOutput, type OutputFile } from "./5-bundle/output-files.js";
import { earlyOutput, type WriteNow } from "./5-bundle/early-output.js";
import { diag, hasErrors, sortDiagnostics, type Diagnostic } from "../shared/diagnostics.js";
import { defaultsDirFor, generatorIdentity, CUSTOM_HEADERS_FILE } from "../shared/paths.js";
import {
  BLOCKLIST_SCHEMA,
  isHtmlPath,
  MAX_HEADER_RULES,
  type Blocklist,
  type Expectation,
  type LinkRecord,
  type SiteConfig,
} from "../../runtime/contract/index.js";
import { schemaDiagnostics, shardSchemaDiagnostics } from "./4-assets/asset-schemas.js";
import { assetSizeProblems } from "./4-assets/asset-size.js";
import { loadAcknowledgements, type Acknowledgement } from "./1-sources/custom/acknowledgements.js";
import { collectGarbage } from "../shared/collect-garbage.js";
import { buildStatsIndex, measureStatsIndex } from "./3-registry/stats-index/build-stats-index.js";
import { buildTestsPages } from "./3-registry/stats-index/tests-pages.js";
import { checkInstanceShape } from "./1-sources/instance-shape.js";
import { ownHostProblems } from "./2-validate/own-host.js";
import { appendAll } from "../shared/lists.js";
import type { CacheStore } from "../shared/cache/store.js";
import type { LinkLookup } from "../shared/memory-instance.js";
import { validatedRows } from "../shared/cache/validated.js";
import { ruleContext, ruleContextKey, type RuleContext } from "./rule-context.js";
import { pageRouteNotes } from "./2-validate/page-routes.js";
import { publishedPages } from "./4-assets/pages/own-pages.js";
import { isPreviewPagePath } from "../../runtime/routes.js";
import { loadDomainFiles } from "./1-sources/custom/domain-files.js";
import type { Domain } from "./1-sources/site/domains.js";
import { domainEntries, expectationsByHost, linksByHost } from "./3-registry/host-groups.js";

export interface CompileOptions {
  root: string;
  /** Skip esbuild (faster checks of sources only). Default false. */
  skipBundle?: boolean;
  /** Assemble the output files (build); `check` only needs the diagnostics and the bundle. Default true. */
  emit?: boolean;
  /** Rows validated as if they were in the sources (used by `add`). */
  extraRows?: RawRow[];
  /** Link sources' texts read instead of their files (the editor's verbs, before they write). */
  sourceTexts?: ReadonlyMap<string, string>;
  /**
   * Stop once every rule on the sources has run and the tables are known (`diff`): no registry
   * shards and their self-check (SL330), no output files, no bundle. Default false.
   */
  tablesOnly?: boolean;
  /** Each link source's validated rows kept by its bytes (docs/cache.md); none when absent. */
  cache?: CacheStore;
  /** Threads that may read the link sources (source-jobs.ts). Default 1: the main thread alone. */
  jobs?: number;
  /**
   * Where `build` writes a large file of dist/ as soon as it is made (5-bundle/early-output.ts):
   * those are then absent from `files`. Used only while no error is known.
   */
  writeNow?: WriteNow;
  /**
   * The files are written next (build): a shard's size is measured from its text as the write
   * makes it (AssetTooLargeError), not counted beforehand. Default false.
   */
  sizesWhenWritten?: boolean;
  /**
   * Nothing compiled is written (check): the stats pages handed to `writeNow` are measured, and
   * their text is never made. Default false.
   */
  measureOnly?: boolean;
  /** A review compares these tables next: the conflict index is kept as the links' lookup. */
  compared?: boolean;
}

export interface CompileSummary {
  links: number;
  exact: number;
  splat: number;
  placeholder: number;
  shards: number;
  files: number;
  workerBytes: number;
}

/** What the compiled instance decides with, in memory (for `diff`, which compares two of them). */
export interface CompiledTables {
  /** Every host's links; a link on a host other than the default carries `domain`. */
  links: LinkRecord[];
  siteConfig: SiteConfig;
  /** custom/tests.yaml, as the tests pages hold it. */
  expectations: Expectation[];
  blocklist: Blocklist;
  acknowledgements: Acknowledgement[];
  /** site.yaml's hosts, checked (absent when it lists none). */
  domains?: Domain[];
  /** The links by kind and key, kept by a review's first side (shared/memory-instance.ts). */
  lookup?: LinkLookup;
}

export interface CompileResult {
  diagnostics: Diagnostic[];
  /** Present when no error was found. */
  tables?: CompiledTables;
  /** Present when no error was found. Paths relative to the output folder. */
  files?: OutputFile[];
  worker?: string;
  summary: CompileSummary;
  /** The validated links and the target policy they were judged by (health probes these). */
  links: LinkRecord[];
  blocklist: Blocklist;
}

const PLACEHOLDER_SITE: Site = SITE_SCHEMA.parse({
  site_name: "shortlinks",
  base_url: "https://invalid.example",
  default_lang: "en",
  case_sensitive: false,
  trailing_slash: "ignore",
  default_status: 302,
  redirect_max_age: 0,
  code_host_api: "https://api.github.com",
});

/** The summary of a compile that counted nothing (refused before it, or failed early). */
export const EMPTY_SUMMARY: CompileSummary = {
  links: 0,
  exact: 0,
  splat: 0,
  placeholder: 0,
  shards: 0,
  files: 0,
  workerBytes: 0,
};

/** The policy of an instance whose blocklist could not be read (also: a build refused before compiling). */
export const EMPTY_BLOCKLIST: Blocklist = {
  schema: BLOCKLIST_SCHEMA,
  probes: { prefixes: [], suffixes: [], exact: [], contains: [] },
  shorteners: [],
  lure_domains: [],
  blocked_hosts: [],
  blocked_extensions: [],
};

export async function compileInstance(options: CompileOptions): Promise<CompileResult> {
  const { root } = options;
  const misshapen = await checkInstanceShape(root);
  if (misshapen.length > 0)
    return {
      diagnostics: sortDiagnostics(misshapen),
      summary: EMPTY_SUMMARY,
      links: [],
      blocklist: EMPTY_BLOCKLIST,
    };
  const defaultsDir = defaultsDirFor(root);
  const generator = generatorIdentity();
  const diagnostics: Diagnostic[] = [];

  const loadedSite = await loadSite(root, defaultsDir);
  appendAll(diagnostics, loadedSite.diagnostics);
  const site = loadedSite.site ?? PLACEHOLDER_SITE;

  const others = Promise.all([
    loadBlocklist(root, defaultsDir),
    loadCustomFiles(root),
    renderPages({ defaultsDir, root, site, siteLineOf: loadedSite.lineOf }),
    loadExpectations(root, loadedSite.domains),
    loadAcknowledgements(root),
    loadDomainFiles(root, loadedSite.domains),
  ]);
  // What a link's own rules read, made once the other files are in; with a cache, a link source
  // is looked up by it before its rows are read (docs/cache.md).
  let rulesMade: Promise<RuleContext> | undefined;
  const rulesOf = () =>
    (rulesMade ??= others.then(([b, custom, pages]) =>
      ruleContext(site, loadedSite, b.blocklist ?? EMPTY_BLOCKLIST, custom, pages),
    ));
  const cachedAnswers =
    options.cache &&
    validatedRows<OneValidated, SourceLink>(
      options.cache,
      async () => ruleContextKey(site, await rulesOf()),
      readsBeyondItsAnswer,
    );
  const [[loadedBlocklist, custom, pages, expectations, acknowledgements, domainFiles], sources] =
    await Promise.all([
      others,
      loadSources(root, options.sourceTexts, options.jobs, options.cache, cachedAnswers),
    ]);
  const rules = await rulesOf();
  appendAll(
    diagnostics,
    loadedBlocklist.diagnostics,
    custom.diagnostics,
    pages.diagnostics,
    sources.diagnostics,
    expectations.diagnostics,
    acknowledgements.diagnostics,
    domainFiles.diagnostics,
    rules.diagnostics,
  );
  const { blocklist, domains, productFiles, staticPaths, zones, publicFiles } = rules;
  for (const row of options.extraRows ?? []) {
    const checked = checkRow(row);
    if ("link" in checked) sources.links.push(checked.link);
    else appendAll(diagnostics, checked.diagnostics);
  }

  collectGarbage(sources.links.length);
  const memo = await cachedAnswers?.memo();
  const validated = validateLinks({
    links: sources.links,
    site,
    policy: blocklist,
    staticPaths,
    zones,
    publicFiles,
    domains,
    hostStatics: new Map(
      [...domainFiles.files].map(([host, files]) => [host, files.map((f) => f.path)]),
    ),
    memo,
    conflicts: handedConflicts(options.cache) ?? (options.compared ? { last: true } : undefined),
  });
  await memo?.save();
  appendAll(diagnostics, validated.diagnostics);
  appendAll(diagnostics, pageRouteNotes(validated.links, publishedPages(site), staticPaths));
  // The preview page ships only with an instance whose links carry a card (docs/previews.md).
  const withCards = validated.links.some((link) => link.preview !== undefined);
  const shipped = <F extends { path: string }>(files: F[]) =>
    withCards ? files : files.filter((f) => !isPreviewPagePath(f.path));
  // The validated records replace the source rows: let the rows go (hundreds of MB at a million).
  sources.links.length = 0;
  shareRepeatedStrings(validated.links);
  collectGarbage(validated.links.length, { released: true });

  const headers = await composeHeaders({
    root,
    defaultsDir,
    generator,
    site,
    customHtml: custom.files.filter((f) => isHtmlPath(f.path)).map((f) => f.path),
    hosts: domains !== undefined,
  });
  appendAll(diagnostics, headers.diagnostics);
  if (headers.rules.length > MAX_HEADER_RULES) {
    diagnostics.push(
      diag(
        "SL403",
        { file: CUSTOM_HEADERS_FILE, line: 0 },
        `${headers.rules.length} header rules; Cloudflare applies at most ${MAX_HEADER_RULES} from _headers (the worker applies all)`,
      ),
    );
  }

  const htmlFiles = [...shipped(pages.files), ...custom.files].filter((f) => isHtmlPath(f.path));
  const siteConfig = buildSiteConfig({
    site,
    generator,
    staticPaths,
    pageTitles: pageTitles(
      htmlFiles.map((f) => ({
        path: f.path,
        html: typeof f.content === "string" ? f.content : new TextDecoder().decode(f.content),
      })),
    ),
    headerRules: headers.rules,
    mandatoryHeaders: headers.mandatory,
    zones,
    domains: domains && domainEntries(domains, domainFiles.files),
  });
  const model = { links: validated.links, blocklist };
  const tables: CompiledTables = {
    links: validated.links,
    siteConfig,
    expectations: expectations.expectations,
    blocklist,
    acknowledgements: acknowledgements.acknowledgements,
  };
  if (domains) tables.domains = domains;
  if (validated.lookup) tables.lookup = validated.lookup;
  appendAll(diagnostics, await ownHostProblems(tables));
  if (options.tablesOnly) {
    const sorted = sortDiagnostics(diagnostics);
    const count = (kind: string) => validated.links.filter((l) => l.kind === kind).length;
    const [splat, placeholder] = [count("splat"), count("placeholder")];
    const links = validated.links.length;
    const exact = links - splat - placeholder;
    const summary = { ...EMPTY_SUMMARY, links, exact, splat, placeholder };
    if (hasErrors(sorted)) return { diagnostics: sorted, summary, ...model };
    return { diagnostics: sorted, tables, summary, ...model };
  }
  // Each compiled file is checked against its schema as soon as it is built, and the garbage of
  // each stage collected before the next: the build's peak memory is its largest stage, not
  // their sum. The stats index comes first so that its sorted sequence is gone before the
  // registry's shards exist (docs/performance.md, "Build memory").
  // One registry, stats index and tests pages per host (3-registry/host-groups.ts); an instance
  // that lists no domains has one group, at the root, as before.
  appendAll(diagnostics, schemaDiagnostics([blocklist, siteConfig, custom.manifest]));
  const groups = linksByHost(validated.links, domains);
  const early =
    options.writeNow && options.emit !== false && !hasErrors(diagnostics)
      ? earlyOutput(options.writeNow)
      : undefined;
  const stats = groups.map((group) => {
    const pages = early?.statsPages(group.dir);
    // Measured whenever nothing is written, with or without a sink (an error stops the output).
    const built = options.measureOnly
      ? measureStatsIndex(group.links, site.case_sensitive, pages ?? (() => {}))
      : buildStatsIndex(group.links, site.case_sensitive, undefined, pages);
    appendAll(diagnostics, built.diagnostics, schemaDiagnostics([built.index]));
    return { dir: group.dir, ...built };
  });
  // The stats index's sequence (a third of the build's live data) is garbage now.
  collectGarbage(validated.links.length, { released: true });
  // Only expectations read a shard or the filter before a write: a run that writes nothing and
  // has none counts the registry instead of making it (docs/performance.md, "A registry counted,
  // not made").
  const measureRegistries = options.measureOnly && expectations.expectations.length === 0;
  const registries = groups.map((group) => {
    const countBytes = options.emit !== false && !options.sizesWhenWritten;
    const registry = measureRegistries
      ? measureRegistry(group.links, site.case_sensitive)
      : buildRegistry(group.links, site.case_sensitive, { countBytes });
    appendAll(diagnostics, schemaDiagnostics([registry.manifest]));
    appendAll(diagnostics, shardSchemaDiagnostics(group.links));
    group.links = [];
    return { dir: group.dir, ...registry };
  });
  const tests = expectationsByHost(expectations.expectations, domains).map((host) => {
    const built = buildTestsPages(host.expectations);
    appendAll(diagnostics, schemaDiagnostics([built.index, ...built.pages]));
    return { dir: host.dir, ...built };
  });
  const total = (count: (r: (typeof registries)[number]) => number) =>
    registries.reduce((n, r) => n + count(r), 0);
  const summary: CompileSummary = {
    ...EMPTY_SUMMARY,
    links: validated.links.length,
    exact: total((r) => r.manifest.exact_count),
    splat: total((r) => r.manifest.splat_count),
    placeholder: total((r) => r.manifest.placeholders?.length ?? 0),
    shards: total((r) => r.manifest.shard_count),
  };
  collectGarbage(validated.links.length);
  const sorted = sortDiagnostics(diagnostics);
  if (hasErrors(sorted)) return { diagnostics: sorted, summary, ...model };

  const worker = options.skipBundle ? undefined : await bundleWorker();
  summary.workerBytes = worker?.bytes ?? 0;
  if (options.emit === false)
    return { diagnostics: sorted, tables, worker: worker?.code, summary, ...model };
  const files = assembleOutput({
    site,
    worker: worker?.code ?? "",
    headersText: headers.text,
    registries,
    domainFiles: domainFiles.files,
    blocklist,
    siteConfig,
    customAssets: custom.manifest,
    stats,
    tests,
    pages: shipped(productFiles),
    customFiles: custom.files,
  });
  summary.files = files.length + (early?.files ?? 0);
  const whenWritten = options.sizesWhenWritten;
  const tooLarge = [...(early?.tooLarge ?? []), ...assetSizeProblems(files, { whenWritten })];
  if (tooLarge.length > 0)
    return { diagnostics: sortDiagnostics([...sorted, ...tooLarge]), summary, ...model };
  return { diagnostics: sorted, tables, files, worker: worker?.code, summary, ...model };
}
