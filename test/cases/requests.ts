/**
 * One case table, many runners (CONTRIBUTING.md): these requests against test/instance run against
 * `resolve()`, `shortlinks explain`, the bundle imported in Node and the bundle in workerd.
 *
 * `status` and `location` are what a visitor gets. `http` cases depend on request bodies or on
 * response headers, which only the HTTP runners can see; `resolve` runners skip nothing else.
 */
import { PAGE_CASES } from "./requests-pages.js";

import { PLACEHOLDER_CASES } from "./requests-placeholders.js";
import { ROUTE_CASES } from "./requests-routes.js";
import { POLICY_CASES } from "./requests-policy.js";
import { PRIVATE_CASES } from "./requests-private.js";
import { PREVIEW_CASES } from "./requests-previews.js";
import { DOMAIN_CASES } from "./requests-domains.js";

export interface RequestCase {
  name: string;
  method?: string;
  path: string;
  /** The Host it is sent to (docs/domains.md); the instance's base_url host without it. */
  host?: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  /** Expected Location, or null for "no Location header". */
  location?: string | null;
  /** Header expectations: a value must equal, a RegExp must match, null must be absent. */
  expectHeaders?: Record<string, string | RegExp | null>;
  /** The event resolve() decides (HTTP runners check the same through a collector elsewhere). */
  event?: "redirect" | "short-link-miss" | "pageview" | "preview" | null;
  /** The body must match, in the runners that see one (a HEAD answer's is empty). */
  expectBody?: RegExp;
  /** Only the HTTP runners can check this case (body handling, CORS, header rules). */
  http?: boolean;
  /** `request.cf`, as Cloudflare names its fields (country, continent, regionCode, asn, timezone). */
  cf?: Record<string, string | number>;
  /** When the request is answered (ISO 8601); a runner that cannot set the clock skips the case. */
  at?: string;
  /** The split draw, in [0, 1); a runner that cannot fix it accepts any of `locations`. */
  draw?: number;
  locations?: string[];
}

const JSON_HEADERS = { "content-type": "application/json" };
const NULL_ORIGIN = { origin: "null" };

const redirect = (
  name: string,
  path: string,
  status: number,
  location: string,
  method = "GET",
): RequestCase => ({
  name,
  method,
  path,
  status,
  location,
  event: "redirect",
});
const miss = (
  name: string,
  path: string,
  event: RequestCase["event"] = "short-link-miss",
): RequestCase => ({
  name,
  path,
  status: 404,
  location: null,
  event,
});
const plain404 = (name: string, path: string, method = "GET"): RequestCase => ({
  name,
  method,
  path,
  status: 404,
  location: null,
  event: null,
  expectHeaders: { "content-type": /^text\/plain/, "cache-control": "no-store" },
});

const CASES: RequestCase[] = [
  // Exact links and statuses.
  redirect(
    "exact link redirects with the site default status 302",
    "/docs",
    302,
    "https://docs.example.com/start",
  ),
  redirect("status 301 is kept", "/team/handbook", 301, "https://handbook.example.org/"),
  redirect("status 308 is kept", "/perm", 308, "https://example.com/perm"),
  redirect("status 307 is kept", "/temp", 307, "https://example.com/temp"),
  redirect("HEAD gets the same redirect", "/docs", 302, "https://docs.example.com/start", "HEAD"),
  redirect("CSV row redirects with its status", "/csv-one", 301, "https://example.com/csv-one"),
  redirect("unicode slug matches in NFC", "/caf%C3%A9", 302, "https://example.com/cafe"),
  redirect(
    "unicode slug matches decomposed input after NFC",
    "/cafe%CC%81",
    302,
    "https://example.com/cafe",
  ),

  // Normalisation.
  redirect("matching ignores case by default", "/DOCS", 302, "https://docs.example.com/start"),
  redirect(
    "mixed-case multi-segment slug matches",
    "/TEAM/handbook",
    301,
    "https://handbook.example.org/",
  ),
  redirect(
    "case folding: capital sigma matches a slug written with small sigma",
    "/%CE%9F%CE%94%CE%9F%CE%A3",
    302,
    "https://example.com/odos",
  ),
  redirect(
    "case folding: final sigma folds to small sigma",
    "/%CE%BF%CE%B4%CE%BF%CF%82",
    302,
    "https://example.com/odos",
  ),
  redirect(
    "case folding: full folding maps sharp s to ss (STRASSE)",
    "/STRASSE",
    302,
    "https://example.com/strasse",
  ),
  redirect("one trailing slash is dropped", "/docs/", 302, "https://docs.example.com/start"),
  redirect("repeated slashes collapse", "//docs", 302, "https://docs.example.com/start"),
  redirect(
    "repeated inner slashes collapse",
    "/team//handbook",
    301,
    "https://handbook.example.org/",
  ),
  redirect("percent-encoded letters decode", "/%64ocs", 302, "https://docs.example.com/start"),
  redirect(
    "percent-encoded uppercase letters decode",
    "/%44OCS",
    302,
    "https://docs.example.com/start",
  ),
  miss("an encoded slash is refused", "/team%2Fhandbook", null),
  miss("an encoded backslash is refused", "/team%5Chandbook", null),
  miss("an invalid escape is refused", "/docs%ZZ", null),
  miss("a truncated escape is refused", "/docs%E2%82", null),
  miss("an encoded NUL is refused", "/docs%00", null),
  miss("an encoded newline is refused", "/do%0Acs", null),
  miss("an encoded DEL is refused", "/docs%7F", null),
  miss("an encoded dot segment is refused", "/docs/%2E%2E%2Fteam", null),

  // Query forwarding.
  redirect(
    "the query is forwarded",
    "/docs?a=1&b=two",
    302,
    "https://docs.example.com/start?a=1&b=two",
  ),
  redirect(
    "keys the target sets keep the target's value",
    "/q?lang=fr&x=1",
    302,
    "https://example.com/search?lang=en&x=1",
  ),
  redirect("forward_query false drops the query", "/noq?a=1", 302, "https://example.com/noq"),
  redirect("an empty query adds nothing", "/docs?", 302, "https://docs.example.com/start"),

  // Splat links.
  redirect("splat matches its bare prefix", "/gh", 302, "https://github.com/"),
  redirect("splat matches its prefix with a slash", "/gh/", 302, "https://github.com/"),
  redirect(
    "splat inserts the remainder at :splat",
    "/gh/acme/tool",
    302,
    "https://github.com/acme/tool",
  ),
  redirect(
    "splat remainder keeps the visitor's case",
    "/gh/Acme/Tool",
    302,
    "https://github.com/Acme/Tool",
  ),
  redirect("splat prefix matches ignoring case", "/GH/acme", 302, "https://github.com/acme"),
  redirect(
    "rule 11: a space is encoded in the remainder",
    "/gh/a%20b",
    302,
    "https://github.com/a%20b",
  ),
  redirect("rule 11: an encoded ? stays encoded", "/gh/a%3Fb", 302, "https://github.com/a%3Fb"),
  redirect("rule 11: an encoded # stays encoded", "/gh/a%23b", 302, "https://github.com/a%23b"),
  redirect(
    "rule 11: & and = are legal path-segment characters and stay as written",
    "/gh/a%26b=c",
    302,
    "https://github.com/a&b=c",
  ),
  redirect(
    "rule 11: a code-review path keeps + : ; = as written",
    "/gh/+/master:path;l=57",
    302,
    "https://github.com/+/master:path;l=57",
  ),
  redirect(
    "rule 11: unicode in the remainder is encoded",
    "/gh/%C3%A9t%C3%A9",
    302,
    "https://github.com/%C3%A9t%C3%A9",
  ),
  redirect(
    "splat without :splat appends to the target path",
    "/files/report.txt",
    302,
    "https://files.example.com/base/report.txt",
  ),
  redirect("the longest splat prefix wins", "/files/deep/x", 302, "https://deep.example.com/x"),
  redirect(
    "remainder: drop sends every path below the prefix to the target as written",
    "/moved/a/b",
    301,
    "https://example.com/new-home",
  ),
  redirect(
    "remainder: drop answers the prefix itself too",
    "/moved",
    301,
    "https://example.com/new-home",
  ),
  redirect(
    "a sibling of the nested prefix uses the outer splat",
    "/files/deeper",
    302,
    "https://files.example.com/base/deeper",
  ),
  redirect(
    "splat forwards the query",
    "/gh/acme?tab=readme",
    302,
    "https://github.com/acme?tab=readme",
  ),
  miss("rule 11: an encoded slash in the remainder is refused", "/gh/a%2Fb", null),
  miss("rule 11: an encoded NUL in the remainder is refused", "/gh/a%00", null),
  miss("rule 11: an invalid escape in the remainder is refused", "/gh/%E0%A4%A", null),
  {
    name: "rule 10: a splat result with an executable extension fails closed",
    path: "/gh/evil/setup.exe",
    status: 404,
    location: null,
    event: "redirect",
  },
  {
    name: "rule 10: an uppercase executable extension fails closed",
    path: "/files/RUN.BAT",
    status: 404,
    location: null,
    event: "redirect",
  },

  // Schedules and lifecycle.
  {
    name: "schedule: before start is an informational 404",
    path: "/launch",
    status: 404,
    location: null,
    event: "redirect",
  },
  {
    name: "schedule: after end is an informational 410",
    path: "/promo",
    status: 410,
    location: null,
    event: "redirect",
  },
  redirect(
    "schedule: inside an open-ended window redirects",
    "/open",
    302,
    "https://example.com/open",
  ),
  redirect(
    "schedule: before an end-only bound redirects",
    "/closing",
    302,
    "https://example.com/closing",
  ),
  {
    name: "state paused is a 503 without Retry-After when no end is known",
    path: "/paused",
    status: 503,
    location: null,
    event: "redirect",
    expectHeaders: { "retry-after": null },
  },
  {
    name: "state paused with a known end sends Retry-After",
    path: "/paused-until",
    status: 503,
    location: null,
    event: "redirect",
    expectHeaders: { "retry-after": /^\d+$/ },
  },
  {
    name: "state retired is an informational 410",
    path: "/old",
    status: 410,
    location: null,
    event: "redirect",
  },
  {
    name: "state retired with a successor is still an informational 410, never a redirect",
    path: "/old-docs",
    status: 410,
    location: null,
    event: "redirect",
  },
  {
    name: "state retired from CSV is an informational 410",
    path: "/csv-gone",
    status: 410,
    location: null,
    event: "redirect",
  },
  miss("state disabled looks exactly like a miss", "/off"),
  miss("state draft looks exactly like a miss", "/wip"),
  {
    name: "informational pages are HTML and never show the target",
    path: "/old",
    status: 410,
    location: null,
    http: true,
    expectHeaders: { "content-type": /^text\/html/ },
  },

  // Misses.
  miss("an unknown slug is a 404 and a miss event", "/nope"),
  miss("an unknown multi-segment slug is a miss", "/nope/deeper"),
  miss("a file-like path is a 404 without a miss event", "/nope.png", null),
  miss("a reserved path is a 404 without a miss event", "/api/v1", null),
  {
    name: "the 404 page is HTML",
    path: "/nope",
    status: 404,
    location: null,
    http: true,
    expectHeaders: { "content-type": /^text\/html/ },
  },

  // Private runtime files, in any spelling (step 1, before methods).
  plain404("raw file /links.json is a plain 404", "/links.json"),
  plain404("raw file in upper case is a plain 404", "/LINKS.JSON"),
  plain404("raw file percent-encoded is a plain 404", "/%6Cinks.json"),
  plain404("raw file fully encoded is a plain 404", "/%6C%69%6E%6B%73%2E%6A%73%6F%6E"),
  plain404("raw file with a double slash is a plain 404", "//links.json"),
  plain404("raw file with a trailing slash is a plain 404", "/links.json/"),
  plain404("raw file with a query is a plain 404", "/links.json?download=1"),
  plain404("raw file with a dot segment is a plain 404", "/./links.json"),
  plain404("raw file behind a parent segment is a plain 404", "/x/../links.json"),
  plain404("raw blocklist file is a plain 404", "/links-blocklist.json"),
  plain404("raw site-config file is a plain 404", "/links-site-config.json"),
  plain404("raw custom-assets file is a plain 404", "/links-custom-assets.json"),
  plain404("registry shards are a plain 404", "/links-shards/0.jsonl"),
  plain404("registry shards in any case are a plain 404", "/Links-Shards/0.jsonl"),
  plain404("the registry's membership filter is a plain 404", "/links-shards/filter.bin"),
  plain404("the shard folder is a plain 404", "/links-shards/"),
  plain404("the stats index is a plain 404", "/links-stats/index.json"),
  plain404("the stats index in upper case is a plain 404", "/LINKS-STATS/INDEX.JSON"),
  plain404("a stats page percent-encoded is a plain 404", "/%6Cinks-stats/0.json"),
  plain404("a stats page with a double slash is a plain 404", "//links-stats//0.json"),
  plain404("a stats page with a query is a plain 404", "/links-stats/0.json?download=1"),
  plain404("a stats page behind a parent segment is a plain 404", "/x/../links-stats/0.json"),
  plain404("the stats folder is a plain 404", "/links-stats/"),
  plain404("the tests index is a plain 404", "/links-tests/index.json"),
  plain404("a tests page in any case is a plain 404", "/Links-Tests/0.json"),
  plain404("a tests page with HEAD is a plain 404", "/links-tests/0.json", "HEAD"),
  plain404("generated page files are not served directly", "/_pages/en/lookup.html"),
  plain404("raw file with HEAD is a plain 404", "/links.json", "HEAD"),
  plain404("raw file with POST is a plain 404 before the method check", "/links.json", "POST"),
  plain404(
    "raw file with DELETE is a plain 404 before the method check",
    "/links-site-config.json",
    "DELETE",
  ),
  plain404("raw file with OPTIONS is a plain 404", "/links.json", "OPTIONS"),

  // Scanner probes (blocklist): plain, no-store, no event.
  plain404("probe: WordPress login", "/wp-login.php"),
  plain404("probe: WordPress admin", "/wp-admin/"),
  plain404("probe: WordPress admin in upper case", "/WP-ADMIN/install.php"),
  plain404("probe: xmlrpc", "/xmlrpc.php"),
  plain404("probe: dotenv", "/.env"),
  plain404("probe: git config", "/.git/config"),
  plain404("probe: any PHP file", "/index.php"),
  plain404("probe: POST to a probe is still a plain 404", "/wp-login.php", "POST"),

  // Methods.
  {
    name: "POST on a public route is 405 with Allow",
    method: "POST",
    path: "/docs",
    status: 405,
    location: null,
    event: null,
    expectHeaders: { allow: "GET, HEAD, OPTIONS" },
  },
  { name: "PUT is 405", method: "PUT", path: "/docs", status: 405, location: null, event: null },
  { name: "DELETE is 405", method: "DELETE", path: "/", status: 405, location: null, event: null },
  {
    name: "PATCH is 405",
    method: "PATCH",
    path: "/gh/acme",
    status: 405,
    location: null,
    event: null,
  },
  {
    name: "GET on /lookup/resolve is 405 with Allow POST",
    path: "/lookup/resolve",
    status: 405,
    location: null,
    event: null,
    expectHeaders: { allow: "POST, OPTIONS" },
  },
  {
    name: "GET on /_analytics/lookup is 405",
    path: "/_analytics/lookup",
    status: 405,
    location: null,
    event: null,
  },
  {
    name: "OPTIONS is quiet: 204 with Allow",
    method: "OPTIONS",
    path: "/docs",
    status: 204,
    location: null,
    event: null,
    expectHeaders: { allow: "GET, HEAD, OPTIONS", "access-control-allow-origin": null },
  },
  {
    name: "OPTIONS on an unknown path is quiet too",
    method: "OPTIONS",
    path: "/nope",
    status: 204,
    location: null,
    event: null,
  },

  // Cross-origin rules.
  {
    name: "cors: preflight of /lookup/resolve from Origin null is allowed",
    method: "OPTIONS",
    path: "/lookup/resolve",
    headers: NULL_ORIGIN,
    status: 204,
    http: true,
    expectHeaders: {
      "access-control-allow-origin": "null",
      "access-control-allow-methods": /POST/,
    },
  },
  {
    name: "cors: preflight of /_analytics/lookup from Origin null is allowed",
    method: "OPTIONS",
    path: "/_analytics/lookup",
    headers: NULL_ORIGIN,
    status: 204,
    http: true,
    expectHeaders: { "access-control-allow-origin": "null" },
  },
  {
    name: "cors: preflight from another origin gets no allowance",
    method: "OPTIONS",
    path: "/lookup/resolve",
    headers: { origin: "https://evil.example" },
    status: 204,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "cors: preflight of a short link from Origin null gets no allowance",
    method: "OPTIONS",
    path: "/docs",
    headers: NULL_ORIGIN,
    status: 204,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "cors: stats never gets the allowance",
    path: "/en/_stats/",
    headers: NULL_ORIGIN,
    status: 403,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "cors: stats preflight never gets the allowance",
    method: "OPTIONS",
    path: "/en/_stats/api/links.json",
    headers: NULL_ORIGIN,
    status: 204,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "cors: the paged stats API never gets the allowance",
    path: "/en/_stats/api/links.json?prefix=docs&limit=10",
    headers: NULL_ORIGIN,
    status: 403,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "cors: raw stats index files never get the allowance",
    path: "/links-stats/index.json",
    headers: NULL_ORIGIN,
    status: 404,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "cors: raw files never get the allowance",
    path: "/links.json",
    headers: NULL_ORIGIN,
    status: 404,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },

  // POST /lookup/resolve and POST /_analytics/lookup.
  {
    name: "lookup resolves a known slug",
    method: "POST",
    path: "/lookup/resolve",
    headers: JSON_HEADERS,
    body: '{"slug":"docs"}',
    status: 200,
    http: true,
    expectHeaders: { "content-type": /^application\/json/ },
  },
  {
    name: "lookup from Origin null gets the allowance",
    method: "POST",
    path: "/lookup/resolve",
    headers: { ...JSON_HEADERS, ...NULL_ORIGIN },
    body: '{"slug":"docs"}',
    status: 200,
    http: true,
    expectHeaders: { "access-control-allow-origin": "null" },
  },
  {
    name: "lookup from another origin gets no allowance",
    method: "POST",
    path: "/lookup/resolve",
    headers: { ...JSON_HEADERS, origin: "https://evil.example" },
    body: '{"slug":"docs"}',
    status: 200,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  {
    name: "lookup with a wrong content type is 415",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "text/plain" },
    body: "docs",
    status: 415,
    http: true,
  },
  {
    name: "lookup with invalid JSON is 400",
    method: "POST",
    path: "/lookup/resolve",
    headers: JSON_HEADERS,
    body: "{slug",
    status: 400,
    http: true,
  },
  {
    name: "lookup with a JSON array is 400",
    method: "POST",
    path: "/lookup/resolve",
    headers: JSON_HEADERS,
    body: "[]",
    status: 400,
    http: true,
  },
  {
    name: "lookup without a slug is 400",
    method: "POST",
    path: "/lookup/resolve",
    headers: JSON_HEADERS,
    body: '{"slug":3}',
    status: 400,
    http: true,
  },
  {
    name: "lookup over 2 KiB is 413",
    method: "POST",
    path: "/lookup/resolve",
    headers: JSON_HEADERS,
    body: JSON.stringify({ slug: "x".repeat(3000) }),
    status: 413,
    http: true,
  },
  {
    name: "lookup as a plain form post answers an HTML page",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "slug=docs&lang=fr",
    status: 200,
    http: true,
    expectHeaders: { "content-type": /^text\/html/ },
  },
  {
    name: "lookup of a path whose short URL is too long for a QR code answers the page, without one",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "slug=gh/" + "€".repeat(300),
    status: 200,
    http: true,
    expectHeaders: { "content-type": /^text\/html/ },
  },
  {
    name: "beacon answers 204",
    method: "POST",
    path: "/_analytics/lookup",
    headers: JSON_HEADERS,
    body: '{"slug":"docs","result":"found"}',
    status: 204,
    http: true,
  },
  {
    name: "beacon from Origin null gets the allowance",
    method: "POST",
    path: "/_analytics/lookup",
    headers: { ...JSON_HEADERS, ...NULL_ORIGIN },
    body: '{"slug":"docs","result":"found"}',
    status: 204,
    http: true,
    expectHeaders: { "access-control-allow-origin": "null" },
  },
  {
    name: "beacon with a form body is 415",
    method: "POST",
    path: "/_analytics/lookup",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "slug=docs",
    status: 415,
    http: true,
  },
  {
    name: "beacon over 2 KiB is 413",
    method: "POST",
    path: "/_analytics/lookup",
    headers: JSON_HEADERS,
    body: JSON.stringify({ slug: "x".repeat(3000), result: "found" }),
    status: 413,
    http: true,
  },
  {
    name: "beacon without result is 400",
    method: "POST",
    path: "/_analytics/lookup",
    headers: JSON_HEADERS,
    body: '{"slug":"docs"}',
    status: 400,
    http: true,
  },

  // Protected operator paths: access control is not configured in this table, so all fail closed.
  {
    name: "access: stats without configuration is 403",
    path: "/en/_stats/",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats in French is 403",
    path: "/fr/_stats/",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats without a slash is 403",
    path: "/de/_stats",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats API is 403",
    path: "/en/_stats/api/links.json",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats events API is 403",
    path: "/en/_stats/api/events.json?type=start",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats summary API is 403",
    path: "/fr/_stats/api/summary.json",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats API in upper case is 403",
    path: "/EN/_STATS/API/LINKS.JSON",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats with a double slash is 403",
    path: "/en//_stats/",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats with an encoded underscore is 403",
    path: "/en/%5Fstats/",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: stats without a language is 403",
    path: "/_stats",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: tests page is 403",
    path: "/en/_tests/",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: tests page deeper is 403",
    path: "/it/_tests/api/results.json",
    status: 403,
    location: null,
    event: null,
  },
  {
    name: "access: protected answers are private and no-store",
    path: "/es/_stats/",
    status: 403,
    http: true,
    expectHeaders: { "cache-control": "private, no-store" },
  },

  // Lookup pages.
  {
    name: "lookup page in English",
    path: "/lookup",
    status: 200,
    location: null,
    event: "pageview",
    expectHeaders: { "content-type": /^text\/html/ },
  },
  {
    name: "lookup page in French",
    path: "/fr/consultation",
    status: 200,
    location: null,
    event: "pageview",
  },
  {
    name: "lookup page in Spanish",
    path: "/es/consulta",
    status: 200,
    location: null,
    event: "pageview",
  },
  {
    name: "lookup page in Italian",
    path: "/it/consulta",
    status: 200,
    location: null,
    event: "pageview",
  },
  {
    name: "lookup page in German",
    path: "/de/abfrage",
    status: 200,
    location: null,
    event: "pageview",
  },
  {
    name: "lookup page path ignores case and a trailing slash",
    path: "/LOOKUP/",
    status: 200,
    location: null,
    event: "pageview",
  },

  // Static files.
  {
    name: "robots.txt is served and disallows",
    path: "/robots.txt",
    status: 200,
    location: null,
    event: null,
  },
  {
    name: "a custom public page is served",
    path: "/hello.html",
    status: 200,
    location: null,
    event: "pageview",
  },
  // A custom HTML file also answers on its pretty path, which no link may take (SL304).
  ...[
    ["/hello", "hello.html"],
    ["/hello/", "hello.html"],
    ["/guide", "guide/index.html"],
    ["/guide/", "guide/index.html"],
    ["/guide/index.html", "guide/index.html"],
    // Other spellings of the file keep its sandbox: the rules follow the file, not the spelling.
    ["/%68ello.html", "hello.html"],
    ["//hello.html", "hello.html"],
    ["/hello.html/", "hello.html"],
    ["/guide//", "guide/index.html"],
  ].map(([path, file]): RequestCase => ({
    name: `static: ${path} serves custom/public/${file}, in the sandbox`,
    path,
    status: 200,
    location: null,
    event: "pageview",
    expectHeaders: {
      "content-type": /^text\/html/,
      "content-security-policy": /^sandbox allow-scripts/,
    },
  })),
  {
    name: "static: a pretty path of a missing page stays a miss",
    path: "/hello-missing",
    status: 404,
    location: null,
  },
  {
    name: "a custom .htm page is served as HTML, with HTML's cache rules and the sandbox",
    path: "/legacy.htm",
    status: 200,
    location: null,
    event: "pageview",
    expectHeaders: {
      "content-type": /^text\/html/,
      "cache-control": /no-transform/,
      "content-security-policy": /^sandbox allow-scripts/,
    },
  },

  // Default response headers on every answer.
  {
    name: "headers: X-Generated-By names the generator",
    path: "/docs",
    status: 302,
    http: true,
    expectHeaders: { "x-generated-by": /^shortlinks\// },
  },
  {
    name: "headers: redirects are no-store",
    path: "/docs",
    status: 302,
    http: true,
    expectHeaders: { "cache-control": "no-store" },
  },
  {
    name: "headers: no-index on redirects",
    path: "/docs",
    status: 302,
    http: true,
    expectHeaders: { "x-robots-tag": /noindex/ },
  },
  {
    name: "headers: HSTS is host-only",
    path: "/docs",
    status: 302,
    http: true,
    expectHeaders: { "strict-transport-security": "max-age=31536000" },
  },
  {
    name: "headers: nosniff on 404s",
    path: "/nope",
    status: 404,
    http: true,
    expectHeaders: { "x-content-type-options": "nosniff" },
  },
  {
    name: "headers: clickjacking protection on 404s",
    path: "/nope",
    status: 404,
    http: true,
    expectHeaders: {
      "x-frame-options": "DENY",
      "content-security-policy": /frame-ancestors 'none'/,
    },
  },
  {
    name: "headers: referrer and permissions policies on pages",
    path: "/lookup",
    status: 200,
    http: true,
    expectHeaders: { "referrer-policy": /./, "permissions-policy": /./ },
  },
  {
    name: "headers: HTML keeps no-transform",
    path: "/lookup",
    status: 200,
    http: true,
    expectHeaders: { "cache-control": /no-transform/ },
  },
  {
    name: "headers: strict CSP on product pages blocks inline script",
    path: "/lookup",
    status: 200,
    http: true,
    expectHeaders: { "content-security-policy": /script-src 'self'(?!.*unsafe-inline)/ },
  },
  {
    name: "headers: custom HTML gets the sandboxed profile",
    path: "/hello.html",
    status: 200,
    http: true,
    expectHeaders: { "content-security-policy": /^sandbox allow-scripts/ },
  },
  {
    name: "headers: the sandbox omits allow-same-origin",
    path: "/hello.html",
    status: 200,
    http: true,
    expectHeaders: { "content-security-policy": /^(?!.*allow-same-origin)/ },
  },
  {
    name: "headers: generator header on 405",
    method: "PUT",
    path: "/docs",
    status: 405,
    http: true,
    expectHeaders: { "x-generated-by": /^shortlinks\// },
  },
  {
    name: "headers: generator header on plain 404",
    path: "/links.json",
    status: 404,
    http: true,
    expectHeaders: { "x-generated-by": /^shortlinks\// },
  },
  {
    name: "headers: generator header on 403",
    path: "/en/_stats/",
    status: 403,
    http: true,
    expectHeaders: { "x-generated-by": /^shortlinks\// },
  },
  ...PLACEHOLDER_CASES,
  ...ROUTE_CASES,
];

/** The table: the cases above, then each feature's own file. */
export const REQUEST_CASES: RequestCase[] = [
  ...CASES,
  ...PAGE_CASES,
  ...POLICY_CASES,
  ...PRIVATE_CASES,
  ...PREVIEW_CASES,
  ...DOMAIN_CASES,
];
