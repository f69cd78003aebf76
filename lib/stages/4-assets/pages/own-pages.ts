/**
 * What the optional pages add to every page (docs/pages.md): links to the published legal pages,
 * the contacts of site.yaml as template values, and SL657 when a written page shows a contact
 * that is not set.
 */
import { escapeHtml } from "../../../../runtime/pages/escape.js";
import { ownPageUrl } from "../../../../runtime/page-routes.js";
import type { PageId } from "../../../../runtime/routes.js";
import {
  OPTIONAL_PAGES,
  type Lang,
  type OptionalPage,
} from "../../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { CONTACT_NAMES, type Site } from "../../1-sources/site/site-schema.js";
import { SITE_FILE } from "../../../shared/paths.js";

/** Text key of a page's title: `lookup-result` -> `lookup_result.title`. */
export function titleKey(page: PageId): string {
  return `${page.replace(/-/g, "_")}.title`;
}

/** The published legal pages, linked in `lang` (empty when none is published). */
export function legalLinks(
  text: (key: string) => string,
  lang: Lang,
  published: readonly OptionalPage[],
): string {
  const items = OPTIONAL_PAGES.filter((page) => page !== "home" && published.includes(page)).map(
    (page) =>
      `<li><a href="${ownPageUrl(page, lang)}">${escapeHtml(text(titleKey(page)))}</a></li>`,
  );
  if (items.length === 0) return "";
  const label = escapeHtml(text("common.legal_label"));
  return `<nav class="legal-links" aria-label="${label}">\n<ul>\n${items.join("\n")}\n</ul>\n</nav>`;
}

/** `contacts.<name>.href` (the URI) and `contacts.<name>.text` (as a person reads it). */
export function contactValues(contacts: Site["contacts"]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of CONTACT_NAMES) {
    const first = contacts[name]?.[0] ?? "";
    values[`contacts.${name}.href`] = first;
    values[`contacts.${name}.text`] = first.replace(/^mailto:/i, "").replace(/\?.*$/, "");
  }
  return values;
}

export function publishedPages(site: Pick<Site, "pages">): OptionalPage[] {
  return OPTIONAL_PAGES.filter((page) => site.pages[page] === "published");
}

export function isOptional(page: PageId): page is OptionalPage {
  return (OPTIONAL_PAGES as readonly string[]).includes(page);
}

const CONTACT_PLACEHOLDER = /\{\{\s*contacts\.([a-z]+)\.(?:href|text)\s*\}\}/g;

/** SL657: a page that is written shows a contact site.yaml does not set. */
export function missingContacts(input: {
  pages: readonly PageId[];
  /** A page's whole source (layout, body, partials). */
  sourceOf: (page: PageId) => string;
  contacts: Site["contacts"];
  siteLineOf?: (path: readonly PropertyKey[]) => number;
}): Diagnostic[] {
  const lineOf = input.siteLineOf ?? (() => 1);
  const problems: Diagnostic[] = [];
  for (const page of input.pages) {
    const shown = new Set([...input.sourceOf(page).matchAll(CONTACT_PLACEHOLDER)].map((m) => m[1]));
    for (const name of CONTACT_NAMES) {
      if (!shown.has(name) || input.contacts[name]) continue;
      problems.push(
        diag(
          "SL657",
          { file: SITE_FILE, line: lineOf(isOptional(page) ? ["pages", page] : ["contacts"]) },
          `the ${page} page ${isOptional(page) ? "is published and " : ""}shows contacts.${name}, which is not set`,
          `set contacts.${name} (a mailto: address or an https: URL)${isOptional(page) ? `, or keep pages.${page} a draft` : ""}`,
        ),
      );
    }
  }
  return problems;
}
