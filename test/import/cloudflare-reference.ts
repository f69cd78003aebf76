/**
 * A `_redirects` file of every form Cloudflare documents, and what Cloudflare answers for paths
 * around each line, written from Cloudflare's documentation and its parser/matcher source, never
 * from shortlinks. Sources:
 *   [per-file]  developers.cloudflare.com/workers/static-assets/redirects/ "Structure > Per file"
 *               (default status 302; the complete example; top-most rule for a source applies)
 *   [advanced]  same page, "Advanced redirects" (statuses, splats, placeholders, rewrites)
 *   [splats]    same page, "Splats": `*` greedily matches all characters, used with `:splat`
 *   [placeholders] same page, "Placeholders": `:name` matches one segment (`[^/]` characters) and
 *               is used as `:name` in the destination
 *   [proxying]  same page, "Proxying": 200 renders another path of the site
 *   [matcher]   cloudflare/workers-sdk, asset-worker rules-engine.ts and handler.ts: static rules
 *               looked up by exact pathname first, then first match; a rule is an anchored regexp,
 *               so no case or trailing-slash folding; the request's query is kept unless the
 *               destination has its own; a relative destination is on the site's own origin
 *   [parser]    cloudflare/workers-sdk, parseRedirects.ts: only relative or https:// destinations;
 *               200, 301, 302, 303, 307, 308; a duplicate source is ignored
 */

export const ROUNDTRIP_REDIRECTS = `# [per-file] the complete example
/home301 / 301
/home302 / 302
/querystrings /?query=string 301
/twitch https://twitch.tv
/trailing /trailing/ 301
/notrailing/ /nottrailing 301
/page/ /page2/#fragment 301
/blog/* https://blog.my.domain/:splat
/products/:code/:name /products?code=:code&name=:name
# [advanced] statuses
/perm307 https://example.com/t307 307
/perm308 https://example.com/t308 308
/see-other https://example.com/t303 303
# [splats] a splat whose destination does not use it
/old/* https://example.com/new-home 301
# [proxying]
/a /b 200
# [matcher] a static rule after a dynamic one is matched in file order
/blog/pinned https://example.com/pinned 301
# [parser] a duplicate source: the first applies
/home301 https://example.com/second 301
# [placeholders] the documented example, and several placeholders in one source
/movies/:title /media/:title
/news/:year/:month/:date/:slug https://example.com/blog/:year/:month/:date/:slug 301
# [placeholders] beside a splat, and into a query
/:lang/docs/* https://example.com/:lang/manual/:splat 301
/search/:term https://example.com/find?q=:term
`;

export interface ReferenceCase {
  /** Request path and query. */
  path: string;
  /** The line that answers on Cloudflare, or null for no rule (the platform's 404). */
  line: number | null;
  status?: number;
  /** Location, relative destinations resolved on the site's origin. */
  location?: string;
  doc: string;
}

/** The site's origin in these cases: relative destinations resolve against it. */
export const ORIGIN = "https://go.example.org";

export const REFERENCE_CASES: ReferenceCase[] = [
  { path: "/home301", line: 2, status: 301, location: `${ORIGIN}/`, doc: "per-file" },
  { path: "/home302", line: 3, status: 302, location: `${ORIGIN}/`, doc: "per-file" },
  {
    path: "/querystrings",
    line: 4,
    status: 301,
    location: `${ORIGIN}/?query=string`,
    doc: "per-file",
  },
  {
    path: "/querystrings?x=1",
    line: 4,
    status: 301,
    location: `${ORIGIN}/?query=string`,
    doc: "matcher: the destination's own query",
  },
  {
    path: "/twitch",
    line: 5,
    status: 302,
    location: "https://twitch.tv/",
    doc: "per-file: default 302",
  },
  {
    path: "/twitch?ref=a",
    line: 5,
    status: 302,
    location: "https://twitch.tv/?ref=a",
    doc: "matcher: query kept",
  },
  { path: "/trailing", line: 6, status: 301, location: `${ORIGIN}/trailing/`, doc: "per-file" },
  {
    path: "/notrailing/",
    line: 7,
    status: 301,
    location: `${ORIGIN}/nottrailing`,
    doc: "per-file",
  },
  {
    path: "/page/",
    line: 8,
    status: 301,
    location: `${ORIGIN}/page2/#fragment`,
    doc: "per-file: fragments",
  },
  {
    path: "/blog/hello",
    line: 9,
    status: 302,
    location: "https://blog.my.domain/hello",
    doc: "splats",
  },
  {
    path: "/blog/2024/01/post",
    line: 9,
    status: 302,
    location: "https://blog.my.domain/2024/01/post",
    doc: "splats: greedy",
  },
  {
    path: "/blog/",
    line: 9,
    status: 302,
    location: "https://blog.my.domain/",
    doc: "splats: matches nothing after /blog/",
  },
  { path: "/blog", line: null, doc: "matcher: /blog/* is ^/blog/(.*)$" },
  {
    path: "/products/shoes/red",
    line: 10,
    status: 302,
    location: `${ORIGIN}/products?code=shoes&name=red`,
    doc: "placeholders",
  },
  { path: "/products/shoes/red/x", line: null, doc: "placeholders: one segment each" },
  {
    path: "/perm307",
    line: 12,
    status: 307,
    location: "https://example.com/t307",
    doc: "advanced",
  },
  {
    path: "/perm308",
    line: 13,
    status: 308,
    location: "https://example.com/t308",
    doc: "advanced",
  },
  {
    path: "/see-other",
    line: 14,
    status: 303,
    location: "https://example.com/t303",
    doc: "advanced: 303",
  },
  {
    path: "/old/any/path",
    line: 16,
    status: 301,
    location: "https://example.com/new-home",
    doc: "splats: :splat unused",
  },
  { path: "/a", line: 18, status: 200, doc: "proxying" },
  {
    path: "/blog/pinned",
    line: 9,
    status: 302,
    location: "https://blog.my.domain/pinned",
    doc: "matcher: /blog/* comes first",
  },
  {
    path: "/movies/heat",
    line: 24,
    status: 302,
    location: `${ORIGIN}/media/heat`,
    doc: "placeholders",
  },
  { path: "/movies/heat/1995", line: null, doc: "placeholders: one segment" },
  { path: "/movies/", line: null, doc: "placeholders: a non-empty segment" },
  {
    path: "/news/2024/05/17/launch",
    line: 25,
    status: 301,
    location: "https://example.com/blog/2024/05/17/launch",
    doc: "placeholders: several",
  },
  {
    path: "/fr/docs/intro/start",
    line: 27,
    status: 301,
    location: "https://example.com/fr/manual/intro/start",
    doc: "placeholders beside a splat",
  },
  {
    path: "/blog/docs/x",
    line: 9,
    status: 302,
    location: "https://blog.my.domain/docs/x",
    doc: "matcher: /blog/* comes before /:lang/docs/*",
  },
  {
    path: "/search/a%20b",
    line: 28,
    status: 302,
    location: "https://example.com/find?q=a%20b",
    doc: "placeholders: the value as the path holds it",
  },
  { path: "/HOME301", line: null, doc: "matcher: no case folding" },
  { path: "/home301/", line: null, doc: "matcher: no trailing-slash folding" },
  { path: "/nothing-here", line: null, doc: "matcher: no rule" },
];
