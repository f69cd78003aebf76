/**
 * An instance's own texts and templates are checked as the pages are rendered (SL6xx): each
 * problem named with its file and line, the defaults never half-replaced.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULTS, PAGES_SITE } from "../../../../test/support/page-sites.js";
import { pageAssetPath } from "../../../../runtime/routes.js";
import { LANGUAGES } from "../../../../runtime/contract/index.js";
import { renderPages } from "./render-pages.js";

const SITE = PAGES_SITE;

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "shortlinks-pages-checks-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("SL6xx: custom texts and templates are checked", () => {
  function instance(
    files: Record<string, string>,
    defaultsEdit?: (dir: string) => void,
  ): { root: string; defaultsDir: string } {
    const root = mkdtempSync(join(scratch, "instance-"));
    const defaultsDir = join(root, "defaults");
    cpSync(DEFAULTS, defaultsDir, { recursive: true });
    defaultsEdit?.(defaultsDir);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return { root, defaultsDir };
  }
  const dropKey = (lang: string, from: string) => (dir: string) => {
    const file = join(dir, "texts", `${lang}.yaml`);
    writeFileSync(file, readFileSync(file, "utf8").replace(from, ""));
  };

  it.each<
    [
      string,
      Record<string, string>,
      ((dir: string) => void) | undefined,
      { code: string; file: string; line: number; message: RegExp },
    ]
  >([
    [
      "SL650: a key missing in one language",
      {},
      dropKey("it", "  pass: Superata\n"),
      {
        code: "SL650",
        file: "defaults/texts/it.yaml",
        line: 0,
        message: /"tests\.pass" is missing in "it"/,
      },
    ],
    [
      "SL651: a template using an unknown text key",
      { "custom/pages/paused.html": "<h1>{{t.paused.title}}</h1>\n<p>{{t.paused.nope}}</p>\n" },
      undefined,
      { code: "SL651", file: "custom/pages/paused.html", line: 2, message: /"paused\.nope"/ },
    ],
    [
      "SL652: a custom text key that overrides nothing",
      { "custom/texts/fr.yaml": "lookup:\n  title: Trouver\n  titel: typo\n" },
      undefined,
      { code: "SL652", file: "custom/texts/fr.yaml", line: 3, message: /"lookup\.titel"/ },
    ],
    [
      "SL653: a texts file that is not YAML",
      { "custom/texts/es.yaml": "lookup: [unclosed\n" },
      undefined,
      { code: "SL653", file: "custom/texts/es.yaml", line: 2, message: /./ },
    ],
    [
      "SL653: a text that is a list",
      { "custom/texts/de.yaml": "lookup:\n  title:\n    - a\n" },
      undefined,
      { code: "SL653", file: "custom/texts/de.yaml", line: 2, message: /"lookup\.title"/ },
    ],
    [
      "SL654: an unknown placeholder",
      { "custom/pages/retired.html": "<h1>{{t.retired.title}}</h1>\n{{page.nope}}\n" },
      undefined,
      { code: "SL654", file: "custom/pages/retired.html", line: 2, message: /page\.nope/ },
    ],
    [
      "SL654: a missing partial",
      { "custom/pages/expired.html": "{{> nowhere}}\n" },
      undefined,
      { code: "SL654", file: "custom/pages/expired.html", line: 1, message: /_nowhere\.html/ },
    ],
    [
      "SL655: a custom page with an inline script",
      { "custom/pages/not-found.html": "<h1>x</h1><script>alert(1)</script>" },
      undefined,
      { code: "SL655", file: "custom/pages/not-found.html", line: 1, message: /inline <script>/ },
    ],
    [
      "SL655: a custom layout loading a remote font",
      {
        "custom/pages/layout.html":
          '<!doctype html><html lang="{{page.lang}}"><head><link rel="stylesheet" href="https://fonts.example/x.css"></head><body>{{html.content}}</body></html>',
      },
      undefined,
      { code: "SL655", file: "custom/pages/layout.html", line: 1, message: /outside \/assets\// },
    ],
    [
      "SL655: a text that turns a link into javascript:",
      {
        "custom/pages/paused.html":
          '<h1>{{t.paused.title}}</h1>\n<a href="{{t.paused.body}}">x</a>\n',
        "custom/texts/en.yaml": 'paused:\n  body: "javascript:alert(1)"\n',
      },
      undefined,
      {
        code: "SL655",
        file: "custom/pages/paused.html",
        line: 0,
        message: /en paused page has javascript: URL/,
      },
    ],
    [
      "SL656: a custom template that overrides nothing",
      { "custom/pages/extra.html": "<p>x</p>" },
      undefined,
      { code: "SL656", file: "custom/pages/extra.html", line: 0, message: /extra\.html/ },
    ],
  ])("%s", async (_rule, files, edit, expected) => {
    const { root, defaultsDir } = instance(files, edit);
    const { diagnostics } = await renderPages({ defaultsDir, root, site: SITE });
    const hit = diagnostics.find((d) => d.code === expected.code);
    expect(hit, JSON.stringify(diagnostics)).toBeDefined();
    expect(hit).toMatchObject({ file: expected.file, line: expected.line });
    expect(hit!.message).toMatch(expected.message);
  });

  it("rule: a custom text overrides one key of one language, escaped", async () => {
    const { root, defaultsDir } = instance({
      "custom/texts/fr.yaml": 'lookup:\n  title: "Trouver <un> lien"\n',
    });
    const result = await renderPages({ defaultsDir, root, site: SITE });
    expect(result.diagnostics).toEqual([]);
    const fr = result.files.find((f) => f.path === pageAssetPath("fr", "lookup"))!
      .content as string;
    const en = result.files.find((f) => f.path === pageAssetPath("en", "lookup"))!
      .content as string;
    expect(fr).toContain("<h1>Trouver &lt;un&gt; lien</h1>");
    expect(en).toContain("<h1>Look up a short link</h1>");
  });

  it("rule: a custom template replaces the default one in every language", async () => {
    const { root, defaultsDir } = instance({
      "custom/pages/retired.html":
        "<h1>{{t.retired.title}}</h1>\n<p>Ask the help desk.</p>\n{{> info}}\n",
    });
    const result = await renderPages({ defaultsDir, root, site: SITE });
    expect(result.diagnostics).toEqual([]);
    for (const lang of LANGUAGES)
      expect(
        result.files.find((f) => f.path === pageAssetPath(lang, "retired"))!.content,
      ).toContain("Ask the help desk.");
  });
});
