/**
 * THE registry of diagnostic codes: each code with its severity, title, stage and the docs
 * section that lists it (diagnostics.ts raises them). The runtime's own codes (target rules,
 * analytics variables) are declared beside the runtime, which cannot import lib/, and included
 * here. lib/shared/diagnostics.test.ts fails when a code is missing from its docs table, the docs
 * list a code that is not here, or the two disagree on the severity;
 * test/compiler-fixtures.test.ts fails when a code has neither a fixture nor a NO_FIXTURE reason.
 */
import { RUNTIME_CODES, type RuntimeCode } from "../../runtime/codes.js";
import { RULE_TITLES, ruleCode, type TargetRuleCode } from "../../runtime/targets/rules.js";

/** `info`: an intended pattern, kept in `--json` and summarised in text (see printDiagnostics). */
export type Severity = "error" | "warning" | "info";

/** Where a code comes from: a compiler stage, a command, or the runtime. */
export type Stage =
  | "sources"
  | "targets"
  | "links"
  | "site"
  | "assets"
  | "headers"
  | "pages"
  | "check"
  | "build"
  | "add"
  | "serve"
  | "diff"
  | "import"
  | "qr"
  | "write"
  | "runtime";

export interface CodeEntry {
  severity: Severity;
  title: string;
  stage: Stage;
  /** `docs/<page>.md#<section>`: the section whose table lists the code. */
  docs: string;
}

interface Group {
  stage: Stage;
  docs: string;
}

const COMPILER_DOCS = "docs/compiler.md#diagnostic-codes";
const SOURCES: Group = { stage: "sources", docs: COMPILER_DOCS };
const TARGETS: Group = { stage: "targets", docs: "docs/targets.md#diagnostic-codes" };
const LINKS: Group = { stage: "links", docs: COMPILER_DOCS };
const ROUTES: Group = { stage: "links", docs: "docs/routes.md#diagnostic-codes" };
const SITE: Group = { stage: "site", docs: COMPILER_DOCS };
const ASSETS: Group = { stage: "assets", docs: COMPILER_DOCS };
const HEADERS: Group = { stage: "headers", docs: COMPILER_DOCS };
const CHECK: Group = { stage: "check", docs: COMPILER_DOCS };
const BUILD: Group = { stage: "build", docs: COMPILER_DOCS };
const ADD: Group = { stage: "add", docs: COMPILER_DOCS };
const SERVE: Group = { stage: "serve", docs: "docs/serve.md#diagnostics" };
const IMPORT: Group = { stage: "import", docs: "docs/import.md#diagnostic-codes" };
const PAGES: Group = { stage: "pages", docs: "docs/pages.md#diagnostics-sl65x" };
const PREVIEWS: Group = { stage: "links", docs: "docs/previews.md#diagnostic-codes" };
const RUNTIME: Group = { stage: "runtime", docs: "docs/analytics.md#configuration" };
const DIFF: Group = { stage: "diff", docs: "docs/diff.md#codes" };
const QR: Group = { stage: "qr", docs: COMPILER_DOCS };
const WRITE: Group = { stage: "write", docs: "docs/limits.md#where-commands-write" };
const PRIVATE_DOCS = "docs/private-links.md#diagnostic-codes";
const ZONES: Group = { stage: "site", docs: PRIVATE_DOCS };
const PRIVATE_LINKS: Group = { stage: "links", docs: PRIVATE_DOCS };
const DOMAINS: Group = { stage: "site", docs: "docs/domains.md#diagnostic-codes" };
const DOMAINS_SERVE: Group = { stage: "serve", docs: DOMAINS.docs };
const DOMAINS_EDIT: Group = { stage: "add", docs: DOMAINS.docs };

const error = (group: Group, title: string) => ({ ...group, severity: "error" as const, title });
const warning = (group: Group, title: string) => ({
  ...group,
  severity: "warning" as const,
  title,
});
const info = (group: Group, title: string) => ({ ...group, severity: "info" as const, title });

/** The codes lib/ emits. Add a code here (one line), then its docs row and its fixture. */
const COMPILER_CODES = {
  SL101: error(SOURCES, "source file cannot be parsed"),
  SL102: error(SOURCES, "source file does not hold a list of rows"),
  SL103: error(SOURCES, "row is not a mapping"),
  SL104: error(SOURCES, "required field missing"),
  SL105: error(SOURCES, "field has the wrong type or value"),
  SL106: error(SOURCES, "unknown field"),
  SL107: error(SOURCES, "CSV header does not name the expected columns"),
  SL108: warning(SOURCES, "no link sources found"),
  SL109: error(SOURCES, "link source is not a regular file inside the instance"),
  SL110: error(SOURCES, "field longer than its limit"),
  SL111: error(SOURCES, "source file has more rows than the limit"),
  SL112: error(SOURCES, "source file larger than the limit"),
  SL117: error(SOURCES, "text field holds a control character or a bidi override"),
  SL118: error(SOURCES, "text field holds a lone surrogate"),
  SL113: error(
    WRITE,
    "a command will not write there: a folder, the instance's own file, or one it did not write",
  ),
  SL120: error(ADD, "add: the file is not a link source, or no file was named"),
  SL121: error(ADD, "another writer (add, set, retire, mv, rm) holds the lock of the link sources"),
  SL122: error(ADD, "add: the row cannot be added without changing the file's rows"),
  SL130: error(LINKS, "a retired link's successor is not a reachable exact link"),
  SL131: error(ADD, "add: no free random slug of the length asked for"),
  SL132: error(ADD, "the edit cannot be written without changing other rows; nothing written"),
  SL133: error(ADD, "no link with that slug in the link sources, or more than one"),
  SL134: error(ADD, "removing or renaming a published active link needs --force or --keep-old"),
  SL220: error(TARGETS, "blocklist file cannot be parsed or has the wrong shape"),
  SL221: error(TARGETS, "blocklist entry is invalid"),
  SL222: error(TARGETS, "blocklist removal names no default entry or gives no reason"),
  SL230: error(TARGETS, "a destination holds a blocked keyword (keyword rule)"),
  SL290: warning(TARGETS, "a target rule is bypassed by an allowance"),
  SL291: error(TARGETS, "allowance names a rule that cannot be bypassed"),
  SL292: warning(TARGETS, "allowance is not needed by its target"),
  SL301: error(LINKS, "slug holds characters outside the slug charset"),
  SL302: error(LINKS, "slug is too long"),
  SL303: error(LINKS, "slug is reserved"),
  SL304: error(LINKS, "slug collides with a static file"),
  SL305: error(LINKS, "duplicate slug after normalisation"),
  SL306: warning(LINKS, "slugs differ only by case"),
  SL307: info(LINKS, "exact link overrides the splat link it lies under"),
  SL308: warning(LINKS, "splat link nested in another splat link"),
  SL310: error(LINKS, "splat link shadows a static file"),
  SL311: error(LINKS, "schedule on a splat or placeholder link"),
  SL312: error(LINKS, "schedule time is not ISO 8601 with an offset"),
  SL313: error(LINKS, "schedule has no bound"),
  SL314: error(LINKS, "schedule start is not before its end"),
  SL315: error(LINKS, "remainder mode on an exact link, or drop with :splat in the target"),
  SL316: error(LINKS, "target on the instance's own host redirects in a loop"),
  SL317: warning(LINKS, "target on the instance's own host answers 404"),
  SL320: error(CHECK, "src/worker.js differs from the fresh bundle"),
  SL360: error(ROUTES, "a route's `when` is empty"),
  SL361: error(ROUTES, "unknown key in a route or its `when`"),
  SL362: error(ROUTES, "unknown country, continent or region code"),
  SL363: error(ROUTES, "unknown device, os, browser or bot value"),
  SL364: error(ROUTES, "unknown time zone"),
  SL365: error(ROUTES, "unknown day name or malformed time of day"),
  SL366: error(ROUTES, "a time window starts where it ends"),
  SL367: error(ROUTES, "`after` is not before `before`"),
  SL368: warning(ROUTES, "a route can never be reached"),
  SL369: error(ROUTES, "a split weight is not a positive integer"),
  SL370: error(ROUTES, "a split has one variant"),
  SL371: warning(ROUTES, "a time window's edge falls in a daylight-saving gap"),
  SL372: error(ROUTES, "a link with routes uses a permanent status (301 or 308)"),
  SL373: error(ROUTES, "a condition's value is malformed"),
  SL374: error(ROUTES, "a route has no target, two, or breaks a limit"),
  SL375: error(ROUTES, "a CSV routes cell is not a flow list"),
  SL540: error(PREVIEWS, "a preview image is neither a file under custom/public nor an https URL"),
  SL541: error(PREVIEWS, "a preview image file does not exist under custom/public"),
  SL542: error(PREVIEWS, "a preview image file is not a PNG, JPEG, WebP or GIF"),
  SL543: warning(PREVIEWS, "a preview image file is larger than the platforms take"),
  SL544: warning(PREVIEWS, "a preview image is smaller or larger than the platforms show"),
  SL545: warning(PREVIEWS, "a preview title is longer than the platforms show"),
  SL546: warning(PREVIEWS, "a preview description is longer than the platforms show"),
  SL547: warning(PREVIEWS, "a route asks for preview bots on a link whose card answers them"),
  SL380: error(LINKS, "placeholder segment is not :name alone, or a name is reserved or repeated"),
  SL381: warning(LINKS, "target names a placeholder the slug does not capture"),
  SL382: error(
    LINKS,
    "params names no placeholder of the slug, or a rule is empty or contradictory",
  ),
  SL383: error(LINKS, "two placeholder links of equal rank can match the same path"),
  SL384: error(LINKS, "slug ends with / while trailing_slash is ignore"),
  SL385: warning(IMPORT, "the file relies on /x and /x/ being different paths"),
  SL390: error(IMPORT, "a vanityURLs @schedule line cannot be mapped; its link is not imported"),
  SL391: warning(IMPORT, "part of a vanityURLs line is not carried over"),
  SL392: warning(IMPORT, "the imported link answers with another status than in vanityURLs"),
  SL330: error(ASSETS, "generated runtime asset does not match its schema"),
  SL340: error(
    BUILD,
    "output folder is the instance, holds it, or lies inside custom/, defaults/ or .git/",
  ),
  SL341: error(BUILD, "output folder exists and is not a previous bundle"),
  SL342: error(BUILD, "another build is writing the output folder"),
  SL350: warning(ASSETS, "link text is longer than the stats index shows"),
  SL351: warning(ASSETS, "a stats index file is over its byte budget"),
  SL401: error(HEADERS, "_headers line cannot be parsed"),
  // Dropping a private file's no-store is a warning when site.yaml states public_disclosure.
  SL402: error(HEADERS, "custom _headers removes or weakens a mandatory control"),
  SL403: warning(HEADERS, "more _headers rules than Cloudflare applies (100)"),
  SL501: error(SITE, "site.yaml missing or unreadable"),
  SL502: error(SITE, "site.yaml field invalid"),
  SL503: error(SITE, "tests.yaml row invalid"),
  SL504: error(ASSETS, "custom public file collides with a product or private path"),
  SL505: error(ASSETS, "asset file (custom or generated) is too large for the platform"),
  SL506: error(CHECK, "an expectation of custom/tests.yaml is not met"),
  SL507: error(ASSETS, "acknowledgements.yaml row invalid"),
  SL508: error(
    SITE,
    "instance path of the wrong kind, a link to nothing or outside, unreadable, or too large to read",
  ),
  SL510: error(SITE, "a contact of site.yaml is not a mailto: address or an https: URL"),
  SL511: warning(
    ASSETS,
    "custom/public/.well-known/security.txt replaces the one built from contacts",
  ),
  SL530: error(ZONES, "access zone invalid: name, prefix or aud missing or malformed"),
  SL531: error(ZONES, "access zone prefix covers a reserved path or a static file"),
  SL532: error(ZONES, "access zones overlap with different auds, or share a prefix"),
  SL533: error(ZONES, "access zone allow_targets entry is invalid or can never open a target"),
  SL534: error(PRIVATE_LINKS, "allow.emails or allow.email_domains invalid or on a public link"),
  SL535: error(PRIVATE_LINKS, "{user.*} placeholder misplaced, unknown, or on a public link"),
  SL536: error(PRIVATE_LINKS, "{user.*} value would travel to a host outside allow_targets"),
  SL537: error({ stage: "diff", docs: PRIVATE_DOCS }, "a private link becomes public"),
  SL538: warning(PRIVATE_LINKS, "public splat link does not answer inside an access zone"),
  SL539: error({ stage: "qr", docs: PRIVATE_DOCS }, "qr: the link is private (pass --private)"),
  SL520: error(DOMAINS, "site.yaml domains: not a host name, or a host listed twice"),
  SL521: error(DOMAINS, "site.yaml domains: the first host is not base_url's host"),
  SL522: error(DOMAINS, "site.yaml domains: alias_of names no listed host with links of its own"),
  SL523: error(DOMAINS, "a domain's root or not_found fails the target rules"),
  SL524: error(DOMAINS, "a link names a host that site.yaml does not list"),
  SL525: error(DOMAINS, "a link's domain and domains disagree, or name an alias host"),
  SL526: error(DOMAINS, "custom/domains/ holds a folder for a host that site.yaml does not list"),
  SL527: error(DOMAINS_SERVE, "serve --domain names a host the instance does not list"),
  SL528: error(
    DOMAINS_EDIT,
    "the slug names a link on several hosts and no --domain says which, or --domain names no host",
  ),
  SL850: error(IMPORT, "import file cannot be read or parsed, or the instance cannot take it"),
  SL851: error(IMPORT, "source line has no shortlinks equivalent; not imported"),
  SL852: error(IMPORT, "source line duplicates an earlier one; not imported"),
  SL853: info(IMPORT, "imported; shortlinks answers more paths than the source platform"),
  SL854: warning(
    IMPORT,
    "shortlinks answers a path from another line than the source's first match",
  ),
  SL855: error(IMPORT, "the file to import into exists; nothing written"),
  SL856: warning(IMPORT, "the export holds links of several domains"),
  SL376: warning(IMPORT, "a redirect rule, target or limit has no equivalent; imported without it"),
  SL377: warning(IMPORT, "a redirect rule or target of the export is malformed; not imported"),
  SL378: info(IMPORT, "imported; a rule or target answers differently here in a documented way"),
  SL379: info(IMPORT, "imported with status 302: a link with routes cannot be permanent"),
  SL548: warning(IMPORT, "a card's image is not https or fails a target rule; imported without it"),
  SL549: warning(IMPORT, "a card's title or description cannot be kept; imported without it"),
  SL601: error(SERVE, "no built bundle in the output folder"),
  SL602: error(SERVE, "wrangler.json of the bundle is unreadable or incomplete"),
  SL603: warning(SERVE, ".dev.vars line cannot be parsed (ignored)"),
  SL604: error(SERVE, "custom/vars.yaml is unreadable or not a mapping of names to values"),
  SL605: error(SERVE, "the local server cannot listen on the address"),
  SL606: warning(SERVE, "rebuild failed; the previous bundle keeps serving"),
  SL650: error(PAGES, "text key missing in a language"),
  SL651: error(PAGES, "template uses a text key that does not exist"),
  SL652: warning(PAGES, "custom text key overrides nothing"),
  SL653: error(PAGES, "texts file missing, unreadable or not a mapping of texts"),
  SL654: error(PAGES, "template placeholder or partial unknown"),
  SL655: error(PAGES, "page breaks the strict content security policy"),
  SL656: warning(PAGES, "custom template overrides nothing"),
  SL657: error(PAGES, "a published page shows a contact that site.yaml does not set"),
  SL658: info(PAGES, "a link answers a route of a published product page first"),
  SL801: error(DIFF, "a link active at BASE is gone"),
  SL802: error(DIFF, "a slug retired or removed at BASE comes back with another destination"),
  SL803: error(DIFF, "a permanent (301/308) redirect changes its target"),
  SL804: warning(DIFF, "the instance at BASE does not build; nothing compared"),
  SL805: warning(DIFF, "a published-link rule is acknowledged"),
  SL806: warning(DIFF, "an acknowledgement new in this change is not needed"),
  SL807: error(
    DIFF,
    "a git submodule in the instance at a commit is not in this clone; nothing compared",
  ),
  SL810: error(QR, "qr: the short URL is too long for a QR code"),
} as const satisfies Record<string, CodeEntry>;

/** SL201..SL212, one per target rule of runtime/targets/rules.ts. */
const TARGET_RULE_CODES = Object.fromEntries(
  Object.entries(RULE_TITLES).map(([rule, title]) => [
    ruleCode(Number(rule)),
    { stage: "targets", docs: "docs/targets.md#the-rules", severity: "error", title },
  ]),
) as Record<TargetRuleCode, CodeEntry>;

/** SL70x, declared in runtime/codes.ts: the runtime warns and keeps serving. */
const RUNTIME_CODE_ENTRIES = Object.fromEntries(
  Object.entries(RUNTIME_CODES).map(([code, title]) => [code, warning(RUNTIME, title)]),
) as Record<RuntimeCode, CodeEntry>;

export type DiagnosticCode = keyof typeof COMPILER_CODES | TargetRuleCode | RuntimeCode;

export const DIAGNOSTIC_CODES: Readonly<Record<DiagnosticCode, CodeEntry>> = Object.fromEntries(
  Object.entries({ ...COMPILER_CODES, ...TARGET_RULE_CODES, ...RUNTIME_CODE_ENTRIES }).sort(
    ([a], [b]) => (a < b ? -1 : 1),
  ),
) as Record<DiagnosticCode, CodeEntry>;

/**
 * Codes that cannot have a broken instance under fixtures/, each with the test that pins it
 * instead. Every other code needs a fixtures/slNNN-* folder.
 */
export const NO_FIXTURE: Readonly<Partial<Record<DiagnosticCode, string>>> = {
  SL330: "a compiler bug by definition; test/compiler-fixtures.test.ts feeds broken assets",
  SL505: "needs a 25 MiB file; test/compiler-fixtures.test.ts makes one in a temp folder",
  SL543:
    "needs a 5 MiB image; lib/stages/2-validate/previews/check-preview.test.ts makes one in memory",
  SL111:
    "needs 100,001 rows; lib/stages/1-sources/links/load-sources.test.ts makes them in a temp folder",
  SL112:
    "needs a 64 MiB file; lib/stages/1-sources/links/load-sources.test.ts makes one in a temp folder",
  SL113: "a command's output path, not compile; test/write-targets.test.ts",
  SL120: "add, not compile; lib/engines/add/add-link.test.ts",
  SL121: "add, not compile; lib/engines/add/add-link.test.ts",
  SL122: "add, not compile; lib/engines/add/add-link.test.ts",
  SL131: "add, not compile; lib/engines/add/random-slug.test.ts",
  SL132: "the editor's verbs, not compile; lib/engines/edit/edit-row.test.ts",
  SL133: "the editor's verbs, not compile; lib/engines/edit/edit-link.test.ts",
  SL134: "the editor's verbs, not compile; lib/engines/edit/edit-link.test.ts",
  SL340: "build's output folder, not compile; lib/engines/build/build.test.ts",
  SL341: "build's output folder, not compile; lib/engines/build/build.test.ts",
  SL342: "build's output folder, not compile; lib/engines/build/build.test.ts",
  SL351:
    "needs thousands of links at the real budgets; lib/stages/3-registry/stats-index/build-stats-index.test.ts",
  SL850: "import, not compile; lib/engines/import/import-links.test.ts",
  SL851: "import, not compile; lib/engines/import/formats/redirects.test.ts and the golden imports",
  SL852: "import, not compile; lib/engines/import/formats/redirects.test.ts",
  SL853: "import, not compile; lib/engines/import/formats/redirects.test.ts",
  SL854: "import, not compile; lib/engines/import/import-links.test.ts",
  SL855: "import, not compile; lib/engines/import/import-links.test.ts",
  SL856: "import, not compile; lib/engines/import/import-links.test.ts",
  SL376: "import, not compile; the golden imports fixtures/import/shlink-api and dub-api",
  SL377: "import, not compile; the golden imports fixtures/import/shlink-api and dub-api",
  SL378: "import, not compile; the golden imports fixtures/import/shlink-api and dub-api",
  SL379: "import, not compile; lib/engines/import/import-routes.test.ts",
  SL548: "import, not compile; lib/engines/import/import-cards.test.ts and the golden imports",
  SL549: "import, not compile; lib/engines/import/import-cards.test.ts",
  SL385:
    "import, not compile; the golden import fixtures/import/redirects-trailing-slash (test/import-golden.test.ts)",
  SL390:
    "import, not compile; lib/engines/import/formats/vanityurls.test.ts and the golden import fixtures/import/vanityurls-docs",
  SL391:
    "import, not compile; lib/engines/import/formats/vanityurls.test.ts and the golden import fixtures/import/vanityurls",
  SL392:
    "import, not compile; lib/engines/import/formats/vanityurls.test.ts and the golden import fixtures/import/vanityurls",
  SL527: "serve, not compile; lib/engines/serve/serve-domain.test.ts",
  SL528: "the editor's verbs and qr, not compile; lib/engines/edit/edit-domains.test.ts",
  SL601: "serve, not compile; lib/engines/serve/bundle-config.test.ts",
  SL602: "serve, not compile; lib/engines/serve/bundle-config.test.ts",
  SL603: "serve, not compile; lib/engines/serve/dev-vars.test.ts",
  SL604: "serve, not compile; lib/engines/serve/load-vars.test.ts",
  SL605: "serve, not compile; lib/engines/serve/serve-bundle.test.ts",
  SL606: "serve --watch, not compile; lib/engines/serve/serve-bundle.test.ts",
  SL650:
    "only the product's own defaults/texts can lack a key; lib/stages/4-assets/pages/render-pages.test.ts",
  SL701: "runtime variables, not the instance; runtime/analytics/config.test.ts",
  SL702: "runtime variables, not the instance; runtime/analytics/config.test.ts",
  SL703: "runtime variables, not the instance; runtime/analytics/config.test.ts",
  SL704: "runtime variables, not the instance; runtime/analytics/config.test.ts",
  SL705: "runtime variables, not the instance; runtime/analytics/query.test.ts",
  SL706: "runtime variables, not the instance; runtime/analytics/collection-key.test.ts",
  SL710: "runtime variables, not the instance; runtime/analytics/provider-fathom.test.ts",
  SL711: "runtime variables, not the instance; runtime/analytics/provider-fathom.test.ts",
  SL712: "runtime variables, not the instance; runtime/analytics/provider-fathom.test.ts",
  SL537: "compares two commits; lib/engines/diff/visibility.test.ts on throwaway git repositories",
  SL539: "qr, not compile; test/private-links-cli.test.ts",
  SL801: "compares two commits; lib/engines/diff/protect.test.ts on throwaway git repositories",
  SL802: "compares two commits; lib/engines/diff/protect.test.ts on throwaway git repositories",
  SL803: "compares two commits; lib/engines/diff/protect.test.ts on throwaway git repositories",
  SL804: "compares two commits; lib/engines/diff/git-base.test.ts on throwaway git repositories",
  SL805: "compares two commits; lib/engines/diff/protect.test.ts on throwaway git repositories",
  SL806: "compares two commits; lib/engines/diff/protect.test.ts on throwaway git repositories",
  SL807:
    "reads a commit's submodule; lib/engines/diff/base-links.test.ts on throwaway git repositories",
  SL810: "qr, not compile; lib/commands/qr.test.ts",
};
