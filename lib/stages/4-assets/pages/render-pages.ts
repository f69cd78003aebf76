/**
 * The page stage: texts + templates -> one HTML file per language and page id, plus the product
 * static files under /assets/. Every generated page is checked against the strict CSP profile.
 */
import { join } from "node:path";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { relativePath } from "../../../shared/paths.js";
import {
  LOOKUP_PAGE_URLS,
  PAGE_IDS,
  pageAssetPath,
  type PageId,
} from "../../../../runtime/routes.js";
import { isPagePublished } from "../../../../runtime/page-routes.js";
import { LANGUAGES, type Lang } from "../../../../runtime/contract/index.js";
import type { Site } from "../../1-sources/site/site-schema.js";
import {
  contactValues,
  isOptional,
  legalLinks,
  missingContacts,
  publishedPages,
  titleKey,
} from "./own-pages.js";

export { titleKey };
import { escapeHtml } from "../../../../runtime/pages/escape.js";
import { bundleSharedModules, readStaticFiles, type PageFile } from "./static-assets.js";
import { findStrictViolations } from "./strict-html.js";
import {
  expandPartials,
  fillPlaceholders,
  loadTemplates,
  validateTemplates,
  type Templates,
} from "./templates.js";
import { loadTexts, type LoadedTexts } from "./texts.js";
import { appendAll } from "../../../shared/lists.js";

export interface RenderPagesInput {
  defaultsDir: string;
  root: string;
  site: Pick<Site, "site_name" | "base_url" | "default_lang" | "contacts" | "pages">;
  /** The line of a field of custom/site.yaml, for SL657 (default: line 1). */
  siteLineOf?: (path: readonly PropertyKey[]) => number;
  /** Where runtime/ lives (default: the shortlinks package). */
  runtimeRoot?: string;
}

export interface RenderedPages {
  files: PageFile[];
  diagnostics: Diagnostic[];
}

const STRICT_HINT =
  "product pages load scripts, styles and images from /assets/ only, never inline";
const CONTENT = /\{\{\s*html\.content\s*\}\}/;

/** Links to the lookup page of each language, which fixes it whatever the visitor prefers. */
export function languageSwitcher(texts: LoadedTexts, current: Lang): string {
  const items = LANGUAGES.map((lang) => {
    const name = escapeHtml(texts.byLang[lang].get("common.language_name") ?? lang);
    const currentMark = lang === current ? ' aria-current="true"' : "";
    return `<li><a href="${LOOKUP_PAGE_URLS[lang]}" lang="${lang}" hreflang="${lang}"${currentMark}>${name}</a></li>`;
  });
  return `<ul>\n${items.join("\n")}\n</ul>`;
}

/** A page's whole source: the layout around its body, partials expanded. */
function pageSource(templates: Templates, page: PageId): string {
  const layout = expandPartials(templates.get("layout")?.source ?? "{{html.content}}", templates);
  const body = expandPartials(templates.get(page)?.source ?? "", templates);
  return CONTENT.test(layout) ? layout.replace(CONTENT, () => body) : layout + body;
}

function renderOne(
  templates: Templates,
  texts: LoadedTexts,
  input: RenderPagesInput,
  lang: Lang,
  page: PageId,
): string {
  const table = texts.byLang[lang];
  const text = (key: string) => table.get(key) ?? texts.byLang.en.get(key) ?? "";
  return fillPlaceholders(
    pageSource(templates, page),
    {
      text,
      values: {
        "site.name": input.site.site_name,
        "site.base_url": input.site.base_url,
        "page.lang": lang,
        "page.id": page,
        "page.title": text(titleKey(page)),
        "page.lookup_url": LOOKUP_PAGE_URLS[lang],
        ...contactValues(input.site.contacts),
      },
      raw: {
        "html.languages": languageSwitcher(texts, lang),
        "html.legal_links": legalLinks(text, lang, publishedPages(input.site)),
      },
    },
    escapeHtml,
  );
}

export async function renderPages(input: RenderPagesInput): Promise<RenderedPages> {
  const texts = loadTexts(input);
  const loaded = loadTemplates(input);
  const diagnostics: Diagnostic[] = [...texts.diagnostics, ...loaded.diagnostics];
  appendAll(diagnostics, validateTemplates(loaded.templates, texts.keys));
  for (const page of PAGE_IDS) {
    if (!texts.keys.has(titleKey(page))) {
      diagnostics.push(
        diag(
          "SL651",
          { file: relativePath(input.root, join(input.defaultsDir, "texts", "en.yaml")), line: 0 },
          `text key "${titleKey(page)}" (title of the ${page} page) does not exist`,
        ),
      );
    }
  }
  const reported = new Set<string>();
  for (const { source, file } of loaded.templates.values()) {
    for (const v of findStrictViolations(source)) {
      reported.add(v.message);
      diagnostics.push(diag("SL655", { file, line: v.line }, v.message, STRICT_HINT));
    }
  }
  const published = publishedPages(input.site);
  const pages = PAGE_IDS.filter((page) => isPagePublished(page, published) || !isOptional(page));
  appendAll(
    diagnostics,
    missingContacts({
      pages,
      sourceOf: (page) => pageSource(loaded.templates, page),
      contacts: input.site.contacts,
      siteLineOf: input.siteLineOf,
    }),
  );
  const files: PageFile[] = [];
  for (const lang of LANGUAGES) {
    for (const page of pages) {
      const html = renderOne(loaded.templates, texts, input, lang, page);
      const file = loaded.templates.get(page)?.file ?? `${page}.html`;
      // What only shows once texts are filled in (a text cannot add tags: it is escaped).
      for (const v of findStrictViolations(html)) {
        if (reported.has(v.message)) continue;
        reported.add(v.message);
        diagnostics.push(
          diag(
            "SL655",
            { file, line: 0 },
            `the ${lang} ${page} page has ${v.message}`,
            STRICT_HINT,
          ),
        );
      }
      files.push({ path: pageAssetPath(lang, page), content: html });
    }
  }
  appendAll(
    files,
    readStaticFiles(input.defaultsDir),
    await bundleSharedModules(input.runtimeRoot),
  );
  return { files, diagnostics };
}
