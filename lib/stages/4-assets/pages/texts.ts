/**
 * Page texts: one table per language in defaults/texts/<lang>.yaml, overridable per key from
 * custom/texts/<lang>.yaml. Nested YAML mappings flatten to dotted keys (`lookup.title`).
 * English defaults define the key set every language must have.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isScalar, LineCounter, parseDocument, type Node } from "yaml";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { relativePath, CUSTOM_TEXTS_DIR } from "../../../shared/paths.js";
import { LANGUAGES, type Lang } from "../../../../runtime/contract/index.js";

export type TextTable = Map<string, string>;

export interface LoadedTexts {
  /** Merged tables, defaults then custom overrides. */
  byLang: Record<Lang, TextTable>;
  /** The reference key set: keys of defaults/texts/en.yaml. */
  keys: Set<string>;
  diagnostics: Diagnostic[];
}

interface ReadTable {
  table: TextTable;
  lines: Map<string, number>;
}

/** Reads one texts file; a missing file gives `undefined` (the caller decides if that is wrong). */
function readTable(file: string, root: string, diagnostics: Diagnostic[]): ReadTable | undefined {
  if (!existsSync(file)) return undefined;
  const rel = relativePath(root, file);
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter, uniqueKeys: true });
  const lineAt = (node: Node | null | undefined) =>
    node?.range ? lineCounter.linePos(node.range[0]).line : 1;
  const out: ReadTable = { table: new Map(), lines: new Map() };
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    diagnostics.push(
      diag(
        "SL653",
        { file: rel, line: lineCounter.linePos(e.pos[0]).line },
        e.message.split("\n")[0],
      ),
    );
    return out;
  }
  if (doc.contents === null) return out;
  const walk = (node: unknown, prefix: string, line: number): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : "";
        walk(pair.value, prefix ? `${prefix}.${key}` : key, lineAt(pair.key as Node));
      }
    } else if (isScalar(node) && node.value !== null && typeof node.value !== "object") {
      out.table.set(prefix, String(node.value));
      out.lines.set(prefix, line);
    } else {
      diagnostics.push(
        diag(
          "SL653",
          { file: rel, line },
          `expected a text or a mapping of texts at "${prefix || "(top)"}"`,
        ),
      );
    }
  };
  walk(doc.contents, "", 1);
  return out;
}

export function loadTexts(input: { defaultsDir: string; root: string }): LoadedTexts {
  const diagnostics: Diagnostic[] = [];
  const byLang = {} as Record<Lang, TextTable>;
  let keys = new Set<string>();
  for (const lang of LANGUAGES) {
    const defaultsFile = join(input.defaultsDir, "texts", `${lang}.yaml`);
    const defaults = readTable(defaultsFile, input.root, diagnostics);
    if (!defaults) {
      diagnostics.push(
        diag(
          "SL653",
          { file: relativePath(input.root, defaultsFile), line: 0 },
          `texts file for "${lang}" is missing`,
        ),
      );
    }
    const table: TextTable = new Map(defaults?.table);
    if (lang === "en") keys = new Set(table.keys());
    const customFile = join(input.root, CUSTOM_TEXTS_DIR, `${lang}.yaml`);
    const custom = readTable(customFile, input.root, diagnostics);
    for (const [key, value] of custom?.table ?? []) {
      if (!keys.has(key)) {
        diagnostics.push(
          diag(
            "SL652",
            { file: relativePath(input.root, customFile), line: custom!.lines.get(key) ?? 1 },
            `text key "${key}" does not exist in the defaults, so it changes nothing`,
            "check the spelling against defaults/texts/en.yaml",
          ),
        );
      }
      table.set(key, value);
    }
    byLang[lang] = table;
  }
  for (const lang of LANGUAGES) {
    const missing = [...keys].filter((key) => !byLang[lang].has(key));
    for (const key of missing) {
      diagnostics.push(
        diag(
          "SL650",
          {
            file: relativePath(input.root, join(input.defaultsDir, "texts", `${lang}.yaml`)),
            line: 0,
          },
          `text key "${key}" is missing in "${lang}"`,
          `add it to defaults/texts/${lang}.yaml or custom/texts/${lang}.yaml`,
        ),
      );
    }
  }
  return { byLang, keys, diagnostics };
}
