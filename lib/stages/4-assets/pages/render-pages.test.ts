import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEFAULTS, PAGES_SITE } from "../../../../test/support/page-sites.js";
import { LOOKUP_PAGE_URLS, PAGE_IDS, pageAssetPath } from "../../../../runtime/routes.js";
import { LANGUAGES } from "../../../../runtime/contract/index.js";
import {
  renderLookupResult,
  type LookupResultLike,
} from "../../../../runtime/pages/lookup-result.js";
import { renderPages, type RenderedPages } from "./render-pages.js";

const SITE = PAGES_SITE;
/** The product's defaults: the home page published, the legal pages drafts, no contacts. */
const DEFAULT_SITE = {
  ...SITE,
  contacts: {},
  pages: { ...SITE.pages, privacy: "draft", terms: "draft", abuse: "draft", security: "draft" },
} as const;

let rendered: RenderedPages;
let scratch: string;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "shortlinks-pages-"));
  rendered = await renderPages({ defaultsDir: DEFAULTS, root: scratch, site: SITE });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const htmlOf = (lang: string, page: string): string => {
  const file = rendered.files.find((f) => f.path === pageAssetPath(lang as never, page as never));
  if (!file || typeof file.content !== "string") throw new Error(`no page ${lang}/${page}`);
  return file.content;
};
const ALL_PAGES = LANGUAGES.flatMap((lang) => PAGE_IDS.map((page) => [lang, page] as const));
const tags = (html: string) => html.match(/<[a-zA-Z][^>]*>/g) ?? [];
const urls = (html: string) =>
  [...html.matchAll(/\s(src|href|action|srcset|poster)\s*=\s*"([^"]*)"/gi)].map((m) => ({
    attr: m[1].toLowerCase(),
    value: m[2],
    tag: m[0],
  }));

describe("the default pages render cleanly", () => {
  it("rule: the defaults produce no diagnostics", () => {
    expect(rendered.diagnostics).toEqual([]);
  });

  it.each(ALL_PAGES)("%s %s renders with its language and a title", (lang, page) => {
    const html = htmlOf(lang, page);
    expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${lang}"`));
    expect(html).toMatch(/<title>[^<]+ · Go &lt;Links&gt; &amp; Co<\/title>/);
    expect(html).not.toMatch(/\{\{\s*(>|t\.|site\.|page\.|html\.)/);
  });

  it.each(ALL_PAGES)("strict CSP: %s %s has no inline script", (lang, page) => {
    const html = htmlOf(lang, page);
    expect(tags(html).filter((t) => /^<script\b/i.test(t) && !/\ssrc="\/assets\//.test(t))).toEqual(
      [],
    );
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/i);
    expect(tags(html).filter((t) => /\son[a-z]+\s*=/i.test(t))).toEqual([]);
    expect(html).not.toMatch(/javascript:/i);
  });

  it.each(ALL_PAGES)("strict CSP: %s %s has no inline style", (lang, page) => {
    const html = htmlOf(lang, page);
    expect(html).not.toMatch(/<style\b/i);
    expect(tags(html).filter((t) => /\sstyle\s*=/i.test(t))).toEqual([]);
  });

  it.each(ALL_PAGES)("strict CSP: %s %s loads only same-origin /assets/ files", (lang, page) => {
    for (const { attr, value, tag } of urls(htmlOf(lang, page))) {
      if (attr === "src" || tag.includes("<link"))
        expect(value).toMatch(/^\/assets\/[a-z0-9-]+\.(js|css|svg)$/);
      else if (value !== "{{target}}" && !Object.values(SITE.contacts).flat().includes(value))
        expect(value).toMatch(/^(\/(?!\/)|#)/);
    }
    for (const t of tags(htmlOf(lang, page)).filter((t) => /^<link\b/.test(t)))
      expect(t).toMatch(/href="\/assets\//);
  });

  it.each(ALL_PAGES)(
    "runtime slots appear only where a lookup result is shown: %s %s",
    (lang, page) => {
      const hasSlots = /\{\{(slug|target|status|schedule_label)\}\}/.test(htmlOf(lang, page));
      // The preview page shows its link's target too (docs/previews.md).
      expect(hasSlots).toBe(
        page === "lookup" || page === "lookup-result" || page === "home" || page === "preview",
      );
    },
  );

  it.each(LANGUAGES)(
    "the %s pages link the lookup page of each language, which fixes it",
    (lang) => {
      const html = htmlOf(lang, "not-found");
      for (const route of [
        "/en/lookup",
        "/fr/consultation",
        "/es/consulta",
        "/it/consulta",
        "/de/abfrage",
      ])
        expect(html).toContain(`href="${route}"`);
      expect(Object.values(LOOKUP_PAGE_URLS).sort()).toEqual(
        ["/de/abfrage", "/en/lookup", "/es/consulta", "/fr/consultation", "/it/consulta"].sort(),
      );
    },
  );

  it.each(["lookup", "home", "lookup-result"])(
    "the lookup box of %s keeps {{input}} for what ?slug= or the visitor typed",
    (page) => {
      expect(htmlOf("fr", page)).toMatch(
        /<input id="lookup-slug" name="slug"[^>]* value="\{\{input\}\}">/,
      );
    },
  );

  it("the legal pages show their contacts as links", () => {
    expect(htmlOf("en", "privacy")).toContain(
      '<a href="https://example.org/privacy">https://example.org/privacy</a>',
    );
    expect(htmlOf("de", "abuse")).toContain(
      '<a href="mailto:abuse@go.example.org?subject=Report">abuse@go.example.org</a>',
    );
    expect(htmlOf("it", "security")).toContain(
      '<a href="mailto:security@go.example.org">security@go.example.org</a>',
    );
  });

  it.each(LANGUAGES)("the %s footer links every published legal page in its language", (lang) => {
    const footer = htmlOf(lang, "not-found").match(/<footer[\s\S]*<\/footer>/)![0];
    expect([...footer.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `/${lang}/privacy`,
      `/${lang}/terms`,
      `/${lang}/trust-safety`,
      `/${lang}/security`,
    ]);
  });

  it.each(["scheduled", "expired", "paused", "retired", "not-found"])(
    "the informational page %s links to the lookup page and never to a target",
    (page) => {
      const html = htmlOf("de", page);
      expect(html).toContain('href="/de/abfrage"');
      expect(html).not.toContain("{{target}}");
    },
  );

  it.each([
    ["/assets/shortlinks.css"],
    ["/assets/lookup.js"],
    ["/assets/lookup-result.js"],
    ["/assets/stats.js"],
    ["/assets/stats-common.js"],
    ["/assets/stats-overview.js"],
    ["/assets/tests.js"],
    ["/assets/favicon.svg"],
  ])("static file %s is written", (path) => {
    expect(rendered.files.some((f) => f.path === path)).toBe(true);
  });
});

describe("pages: drafts are not written", () => {
  it("the defaults write the home page and no legal page, and link none", async () => {
    const result = await renderPages({ defaultsDir: DEFAULTS, root: scratch, site: DEFAULT_SITE });
    expect(result.diagnostics).toEqual([]);
    const written = (page: string) =>
      result.files.some((f) => f.path === pageAssetPath("en", page as never));
    expect(written("home")).toBe(true);
    for (const page of ["privacy", "terms", "abuse", "security"]) expect(written(page)).toBe(false);
    const notFound = result.files.find((f) => f.path === pageAssetPath("es", "not-found"))!;
    expect(notFound.content).not.toContain("legal-links");
  });

  it("a home page kept a draft is not written either", async () => {
    const site = { ...DEFAULT_SITE, pages: { ...DEFAULT_SITE.pages, home: "draft" } } as const;
    const result = await renderPages({ defaultsDir: DEFAULTS, root: scratch, site });
    expect(result.files.some((f) => f.path === pageAssetPath("fr", "home"))).toBe(false);
  });

  it("SL657: a published page showing a contact that is not set, at its pages line", async () => {
    const site = {
      ...DEFAULT_SITE,
      pages: { ...DEFAULT_SITE.pages, security: "published" },
    } as const;
    const result = await renderPages({
      defaultsDir: DEFAULTS,
      root: scratch,
      site,
      siteLineOf: (path) => (path.join(".") === "pages.security" ? 7 : 1),
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "SL657",
        file: "custom/site.yaml",
        line: 7,
        message: "the security page is published and shows contacts.security, which is not set",
      }),
    ]);
  });
});

describe("texts: every language has every key", () => {
  const flatten = (value: unknown, prefix = ""): string[] =>
    value && typeof value === "object"
      ? Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];
  const keysOf = (lang: string) =>
    flatten(parse(readFileSync(join(DEFAULTS, "texts", `${lang}.yaml`), "utf8"))).sort();

  it.each(LANGUAGES.filter((l) => l !== "en"))(
    "defaults/texts/%s.yaml has exactly the keys of en.yaml",
    (lang) => {
      expect(keysOf(lang)).toEqual(keysOf("en"));
    },
  );

  it.each(LANGUAGES)("defaults/texts/%s.yaml has no empty text", (lang) => {
    const table = parse(readFileSync(join(DEFAULTS, "texts", `${lang}.yaml`), "utf8"));
    const values = flatten(table).map((key) =>
      key.split(".").reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], table),
    );
    expect(values.filter((v) => typeof v !== "string" || v.trim() === "")).toEqual([]);
  });
});

describe("the browser runs the very lookup-result code the worker runs", () => {
  const CASES: LookupResultLike[] = [
    {
      found: true,
      slug: "docs",
      kind: "exact",
      state: "active",
      target: "https://example.org/a?b=1&c=<2>",
      status: 302,
      schedule_label: "Q1",
    },
    { found: false, slug: '<b>"x"</b>' },
    { found: true, slug: "s", state: "scheduled", schedule_label: "launch" },
    { found: true, slug: "p", state: "paused" },
    { found: true, slug: "r", state: "retired" },
    { found: true, slug: "e", state: "expired" },
    { found: true, slug: "u", state: "active" },
  ];
  it.each(CASES)(
    "bundled /assets/lookup-result.js renders %j like the runtime module",
    async (result) => {
      const file = rendered.files.find((f) => f.path === "/assets/lookup-result.js");
      const modulePath = join(scratch, "lookup-result.mjs");
      writeFileSync(modulePath, file!.content);
      const browser = (await import(
        pathToFileURL(modulePath).href
      )) as typeof import("../../../../runtime/pages/lookup-result.js");
      const template = htmlOf("it", "lookup").match(
        /<template id="lookup-variants">([\s\S]*?)<\/template>/,
      )![1];
      expect(browser.renderLookupResult(template, result)).toBe(
        renderLookupResult(template, result),
      );
      expect(renderLookupResult(template, result)).toMatch(/<p class="result result-/);
    },
  );
});
