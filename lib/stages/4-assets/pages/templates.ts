/**
 * Page templates: defaults/pages/*.html, each overridable by custom/pages/<same name>.html.
 * `layout.html` wraps every page; `_<name>.html` files are partials included with `{{> name}}`.
 *
 * Placeholders (filled at build time, HTML-escaped unless under `html.`):
 *   {{t.<key>}}  text of the page's language      {{site.name}} {{site.base_url}}
 *   {{page.lang}} {{page.id}} {{page.title}} {{page.lookup_url}}
 *   {{contacts.<security|abuse|privacy>.href}} {{contacts.<...>.text}}   from site.yaml
 *   {{html.languages}} {{html.legal_links}} {{html.content}}   generated markup (language
 *                                                 switcher, published legal pages, page body)
 * Runtime slots ({{slug}}, {{target}}, {{short_url}}, {{qr}}, {{input}}, ...) pass through for
 * renderLookupResult and the worker, and {{successor}}, {{successor_path}} for the retired page
 * (runtime/pages/successor.ts), {{preview_title}} and {{preview_description}} for the preview
 * page (runtime/pages/preview-card.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { relativePath, CUSTOM_PAGES_DIR } from "../../../shared/paths.js";
import { PAGE_IDS } from "../../../../runtime/routes.js";
import { CONTACT_NAMES } from "../../1-sources/site/site-schema.js";

export interface Template {
  source: string;
  /** Relative to the instance root. */
  file: string;
}

export type Templates = Map<string, Template>;

const PLACEHOLDER = /\{\{\s*(>\s*)?([A-Za-z0-9_.-]+)\s*\}\}/g;
const BUILD_VALUES = new Set([
  "site.name",
  "site.base_url",
  "page.lang",
  "page.id",
  "page.title",
  "page.lookup_url",
  ...CONTACT_NAMES.flatMap((name) => [`contacts.${name}.href`, `contacts.${name}.text`]),
]);
const RAW_VALUES = new Set(["html.languages", "html.legal_links", "html.content"]);
export const RUNTIME_SLOTS = new Set([
  "slug",
  "target",
  "status",
  "schedule_label",
  "routed_by",
  "kind",
  "state",
  "short_url",
  "qr",
  "input",
  "successor",
  "successor_path",
  "reference",
  "preview_title",
  "preview_description",
]);
const MAX_PARTIAL_DEPTH = 5;

function readDir(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(".html"))
        .sort()
    : [];
}

export function loadTemplates(input: { defaultsDir: string; root: string }): {
  templates: Templates;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const templates: Templates = new Map();
  const defaultsDir = join(input.defaultsDir, "pages");
  for (const name of readDir(defaultsDir)) {
    const file = join(defaultsDir, name);
    templates.set(name.slice(0, -5), {
      source: readFileSync(file, "utf8"),
      file: relativePath(input.root, file),
    });
  }
  for (const required of ["layout", ...PAGE_IDS]) {
    if (!templates.has(required)) {
      const file = relativePath(input.root, join(defaultsDir, `${required}.html`));
      diagnostics.push(diag("SL654", { file, line: 0 }, `template "${required}.html" is missing`));
    }
  }
  const customDir = join(input.root, CUSTOM_PAGES_DIR);
  for (const name of readDir(customDir)) {
    const file = join(customDir, name);
    const rel = relativePath(input.root, file);
    const id = name.slice(0, -5);
    if (!templates.has(id)) {
      diagnostics.push(
        diag(
          "SL656",
          { file: rel, line: 0 },
          `"${name}" has no default counterpart, so it is never used`,
          "name it after a file in defaults/pages/",
        ),
      );
      continue;
    }
    templates.set(id, { source: readFileSync(file, "utf8"), file: rel });
  }
  return { templates, diagnostics };
}

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Every placeholder of every template names a known value, text key or partial. */
export function validateTemplates(
  templates: Templates,
  textKeys: ReadonlySet<string>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { source, file } of templates.values()) {
    for (const match of source.matchAll(PLACEHOLDER)) {
      const [, partial, name] = match;
      const at = { file, line: lineOf(source, match.index ?? 0) };
      if (partial) {
        if (!templates.has(`_${name}`))
          diagnostics.push(diag("SL654", at, `partial "_${name}.html" does not exist`));
      } else if (name.startsWith("t.")) {
        if (!textKeys.has(name.slice(2)))
          diagnostics.push(
            diag(
              "SL651",
              at,
              `text key "${name.slice(2)}" does not exist`,
              "add it to defaults/texts/en.yaml and every other language",
            ),
          );
      } else if (!BUILD_VALUES.has(name) && !RAW_VALUES.has(name) && !RUNTIME_SLOTS.has(name)) {
        diagnostics.push(
          diag(
            "SL654",
            at,
            `unknown placeholder "{{${name}}}"`,
            "see docs/pages.md for the placeholders a template may use",
          ),
        );
      }
    }
  }
  return diagnostics;
}

/** Inline `{{> name}}` partials, depth-bounded (a cycle stops at the bound and leaves nothing). */
export function expandPartials(source: string, templates: Templates, depth = 0): string {
  return source.replace(PLACEHOLDER, (all, partial: string | undefined, name: string) => {
    if (!partial) return all;
    const found = templates.get(`_${name}`);
    if (!found || depth >= MAX_PARTIAL_DEPTH) return "";
    return expandPartials(found.source, templates, depth + 1);
  });
}

export interface FillValues {
  text: (key: string) => string;
  values: Record<string, string>;
  raw: Record<string, string>;
}

/** One pass: inserted values are never scanned again, so a text cannot inject a placeholder. */
export function fillPlaceholders(
  source: string,
  fill: FillValues,
  escape: (s: string) => string,
): string {
  return source.replace(PLACEHOLDER, (all, partial: string | undefined, name: string) => {
    if (partial) return "";
    if (name.startsWith("t.")) return escape(fill.text(name.slice(2)));
    if (Object.hasOwn(fill.raw, name)) return fill.raw[name];
    if (Object.hasOwn(fill.values, name)) return escape(fill.values[name]);
    return all;
  });
}
