/**
 * The domain's own pages (docs/pages.md): the home page, the legal pages, security.txt, the
 * lookup page's aliases and `?slug=`, the language headers of negotiated pages, and the font
 * allowance for sandboxed custom pages. test/instance publishes privacy, abuse and security
 * (terms stays a draft) and holds the links of custom/links/pages.yaml, which take `/privacy`
 * and `/de` before the pages do.
 */
import type { RequestCase } from "./requests.js";

const FR = { "accept-language": "fr-CA,fr;q=0.9,en;q=0.8" };
const NULL_ORIGIN = { origin: "null" };
/** A page whose language the path fixes: no Content-Language, no Vary. */
const FIXED = { "content-language": null, vary: null };
const negotiated = (lang: string) => ({
  "content-language": lang,
  vary: /(^|,\s*)Accept-Language(\s*,|$)/,
  "content-type": /^text\/html/,
});

const page = (
  name: string,
  path: string,
  lang: string,
  extra: Partial<RequestCase> = {},
): RequestCase => ({
  name,
  path,
  status: 200,
  location: null,
  event: "pageview",
  expectBody: new RegExp(`<html lang="${lang}"`),
  ...extra,
});

export const PAGE_CASES: RequestCase[] = [
  // The home page: `/` chooses its language, `/<lang>` and `/<lang>/index` fix it.
  page("home: / answers the home page in the site's language", "/", "en", {
    expectHeaders: negotiated("en"),
  }),
  page("home: / follows Accept-Language", "/", "fr", {
    headers: FR,
    expectHeaders: negotiated("fr"),
  }),
  page("home: / prefers English when the visitor does", "/", "en", {
    headers: { "accept-language": "en-CA,en;q=0.9,fr;q=0.8" },
    expectHeaders: negotiated("en"),
  }),
  ...(["es", "it", "de"] as const).map((lang) =>
    page(`home: / in ${lang} from Accept-Language`, "/", lang, {
      headers: { "accept-language": `${lang};q=1,en;q=0.5` },
      expectHeaders: negotiated(lang),
    }),
  ),
  page("home: /index is the home page", "/index", "en", { expectHeaders: negotiated("en") }),
  {
    name: "home: HEAD / says its language as GET does",
    method: "HEAD",
    path: "/",
    headers: FR,
    status: 200,
    location: null,
    event: "pageview",
    expectHeaders: negotiated("fr"),
  },
  page("home: /en is the English home page, whatever the visitor prefers", "/en", "en", {
    headers: FR,
    expectHeaders: FIXED,
  }),
  page("home: /fr/ is the French home page", "/fr/", "fr", { expectHeaders: FIXED }),
  page("home: /fr/index is the French home page", "/fr/index", "fr", { expectHeaders: FIXED }),
  page("home: /IT ignores case", "/IT", "it"),
  page("home: the home page holds the short-link box, posting to the lookup", "/es", "es", {
    expectBody: /<form id="lookup-form"[^>]* method="post" action="\/lookup\/resolve"/,
  }),
  {
    name: "home: a link takes /de before the German home page does",
    path: "/de",
    status: 302,
    location: "https://example.de/",
    event: "redirect",
  },
  page("home: /de/index stays the German home page beside a link /de", "/de/index", "de"),
  {
    name: "home: a path below a language is still a miss",
    path: "/fr/nope",
    status: 404,
    location: null,
    event: "short-link-miss",
  },

  // Lookup: `/lookup` chooses its language; `/<lang>/lookup` and the localized routes fix it.
  page("lookup: /lookup follows Accept-Language", "/lookup", "fr", {
    headers: FR,
    expectHeaders: negotiated("fr"),
  }),
  page("lookup: /lookup without Accept-Language is in the site's language", "/lookup", "en", {
    expectHeaders: negotiated("en"),
  }),
  ...(["en", "fr", "es", "it", "de"] as const).flatMap((lang) => [
    page(`lookup: /${lang}/lookup is the ${lang} lookup page`, `/${lang}/lookup`, lang, {
      headers: lang === "fr" ? { "accept-language": "de" } : FR,
      expectHeaders: FIXED,
    }),
    page(`lookup: /${lang}/lookup/ too`, `/${lang}/lookup/`, lang),
  ]),
  page("lookup: a localized route fixes its language", "/fr/consultation", "fr", {
    headers: { "accept-language": "de" },
    expectHeaders: FIXED,
  }),
  page("lookup: ?slug= fills the lookup box", "/lookup?slug=docs", "en", {
    expectBody: /<input id="lookup-slug" name="slug"[^>]* value="docs"/,
  }),
  page("lookup: ?slug= fills the box of a localized route", "/de/abfrage?slug=gh/acme", "de", {
    expectBody: /<input id="lookup-slug" name="slug"[^>]* value="gh\/acme"/,
  }),
  page("lookup: ?slug= is escaped in the box", "/lookup?slug=%22%3E%3Cb%3Ex", "en", {
    expectBody: /value="&quot;&gt;&lt;b&gt;x"(?![\s\S]*"><b>x)/,
  }),
  page(
    "lookup: ?slug= is cut to the box's 1024 characters",
    `/lookup?slug=${"a".repeat(1500)}`,
    "en",
    {
      expectBody: new RegExp(`value="${"a".repeat(1024)}"`),
    },
  ),
  page("lookup: without ?slug= the box is empty", "/it/lookup", "it", {
    expectBody: /<input id="lookup-slug" name="slug"[^>]* value=""/,
  }),
  {
    name: "lookup: the no-JavaScript answer follows Accept-Language without a lang field",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/x-www-form-urlencoded", ...FR },
    body: "slug=docs",
    status: 200,
    http: true,
    expectHeaders: negotiated("fr"),
    expectBody: /<html lang="fr"[\s\S]*<input id="lookup-slug" name="slug"[^>]* value="docs"/,
  },
  {
    name: "lookup: the no-JavaScript answer keeps the form's language, without Vary",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/x-www-form-urlencoded", ...FR },
    body: "slug=docs&lang=it",
    status: 200,
    http: true,
    expectHeaders: FIXED,
    expectBody: /<html lang="it"/,
  },

  // Negotiated answers say so; answers that read no Accept-Language do not.
  {
    name: "language: the 404 page follows Accept-Language and says so",
    path: "/nope",
    headers: FR,
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: negotiated("fr"),
    expectBody: /<html lang="fr"/,
  },
  {
    name: "language: an informational page follows Accept-Language and says so",
    path: "/promo",
    headers: { "accept-language": "de-DE,de;q=0.9" },
    status: 410,
    location: null,
    expectHeaders: negotiated("de"),
    expectBody: /<html lang="de"/,
  },
  {
    name: "language: a redirect reads no Accept-Language and says nothing of it",
    path: "/docs",
    headers: FR,
    status: 302,
    location: "https://docs.example.com/start",
    http: true,
    expectHeaders: FIXED,
  },
  {
    name: "language: a plain 404 says nothing of languages",
    path: "/links.json",
    headers: FR,
    status: 404,
    http: true,
    expectHeaders: FIXED,
  },

  // Legal pages: published ones answer, a draft is a miss; a link takes a route first.
  page("legal: /security follows Accept-Language", "/security", "fr", {
    headers: FR,
    expectHeaders: negotiated("fr"),
    expectBody: /<html lang="fr"[\s\S]*href="mailto:security@links\.example\.com"/,
  }),
  page("legal: /abuse follows Accept-Language", "/abuse", "fr", {
    headers: FR,
    expectHeaders: negotiated("fr"),
  }),
  page("legal: /trust-safety follows Accept-Language", "/trust-safety", "fr", {
    headers: FR,
    expectHeaders: negotiated("fr"),
  }),
  page("legal: /abuse is the trust and safety page", "/abuse", "en", {
    expectBody: /href="mailto:abuse@links\.example\.com"/,
  }),
  page("legal: /trust-safety is the same page", "/trust-safety", "en", {
    expectBody: /href="mailto:abuse@links\.example\.com"/,
  }),
  page("legal: /fr/abuse is French whatever the visitor prefers", "/fr/abuse", "fr", {
    headers: { "accept-language": "en" },
    expectHeaders: FIXED,
  }),
  page("legal: /fr/trust-safety too", "/fr/trust-safety", "fr"),
  page("legal: /it/security", "/it/security", "it"),
  page("legal: /en/privacy answers although a link takes /privacy", "/en/privacy", "en", {
    expectBody: /href="https:\/\/example\.org\/privacy-requests"/,
  }),
  page("legal: /de/privacy", "/de/privacy", "de"),
  {
    name: "legal: a link takes /privacy before the privacy page does",
    path: "/privacy",
    status: 302,
    location: "https://example.org/privacy-policy",
    event: "redirect",
  },
  {
    name: "legal: a draft page is a miss",
    path: "/terms",
    status: 404,
    location: null,
    event: "short-link-miss",
  },
  {
    name: "legal: a draft page is a miss under a language too",
    path: "/fr/terms",
    status: 404,
    location: null,
    event: "short-link-miss",
  },
  page("legal: a published page links the others from its footer", "/es/security", "es", {
    expectBody: /<footer[\s\S]*href="\/es\/trust-safety"[\s\S]*href="\/es\/security"/,
  }),

  // security.txt (RFC 9116), built from the contacts of site.yaml.
  {
    name: "security.txt: served at /.well-known/security.txt as UTF-8 text",
    path: "/.well-known/security.txt",
    status: 200,
    location: null,
    event: null,
    expectHeaders: { "content-type": "text/plain; charset=utf-8" },
    expectBody:
      /^Contact: mailto:security@links\.example\.com\nExpires: \d{4}-\d\d-\d\dT00:00:00\.000Z\nPreferred-Languages: en, fr\nCanonical: https:\/\/links\.example\.com\/\.well-known\/security\.txt\nPolicy: https:\/\/links\.example\.com\/security\n$/,
  },
  {
    name: "security.txt: HEAD answers too",
    method: "HEAD",
    path: "/.well-known/security.txt",
    status: 200,
    location: null,
    event: null,
  },
  {
    name: "security.txt: the legacy /security.txt redirects to the canonical path",
    path: "/security.txt",
    status: 308,
    location: "/.well-known/security.txt",
    event: null,
  },
  {
    name: "security.txt: another spelling redirects to the canonical path",
    path: "/.Well-Known/Security.txt",
    status: 308,
    location: "/.well-known/security.txt",
    event: null,
  },

  // Fonts for sandboxed custom pages: `Origin: null` is allowed on font files only.
  ...(
    [
      ["/fonts/brand.woff2", "font/woff2"],
      ["/fonts/brand.woff", "font/woff"],
      ["/fonts/brand.ttf", "font/ttf"],
      ["/fonts/brand.otf", "font/otf"],
    ] as const
  ).map(([path, type]): RequestCase => ({
    name: `cors: ${type} from Origin null is allowed`,
    path,
    headers: NULL_ORIGIN,
    status: 200,
    http: true,
    expectHeaders: {
      "content-type": type,
      "access-control-allow-origin": "null",
      vary: /(^|,\s*)Origin(\s*,|$)/,
    },
  })),
  // Fonts always say `Vary: Origin`: a browser that cached the font for the site's own pages
  // (no Origin, no allowance) must not reuse that answer for a sandboxed page, even when a
  // `_headers` rule gives fonts a long cache life.
  {
    name: "cors: a font without an Origin gets no allowance, and says it varies by Origin",
    path: "/fonts/brand.woff2",
    status: 200,
    http: true,
    expectHeaders: { "access-control-allow-origin": null, vary: /(^|,\s*)Origin(\s*,|$)/ },
  },
  {
    name: "cors: a font from another origin gets no allowance, and says it varies by Origin",
    path: "/fonts/brand.ttf",
    headers: { origin: "https://evil.example" },
    status: 200,
    http: true,
    expectHeaders: { "access-control-allow-origin": null, vary: /(^|,\s*)Origin(\s*,|$)/ },
  },
  {
    name: "cors: a file that is no font does not vary by Origin",
    path: "/assets/shortlinks.css",
    status: 200,
    http: true,
    expectHeaders: { vary: null },
  },
  {
    name: "cors: a font's preflight gets no allowance (a font needs none)",
    method: "OPTIONS",
    path: "/fonts/brand.woff2",
    headers: NULL_ORIGIN,
    status: 204,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  },
  ...(
    [
      ["a stylesheet", "/assets/shortlinks.css", 200],
      ["a custom page", "/hello.html", 200],
      ["a product page", "/lookup", 200],
      ["security.txt", "/.well-known/security.txt", 200],
      ["a private file named like a font", "/links-shards/0.woff2", 404],
      ["the tests page", "/en/_tests/", 403],
      ["the stats registry", "/en/_stats/api/links.json", 403],
    ] as const
  ).map(([what, path, status]): RequestCase => ({
    name: `cors: ${what} from Origin null gets no allowance`,
    path,
    headers: NULL_ORIGIN,
    status,
    http: true,
    expectHeaders: { "access-control-allow-origin": null },
  })),
];
