/**
 * The blocklist, merged in one place: `defaults/blocklist.yaml` plus the instance's
 * `custom/blocklist.yaml`. Additions are free; removing a default needs
 * `remove: [{entry, reason, list?}]`, so every weakening of the policy is a reviewable line.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { BLOCKLIST_SCHEMA, type Blocklist } from "../../../../runtime/contract/index.js";
import { diag, hasErrors, type Diagnostic } from "../../../shared/diagnostics.js";
import { parseLocated } from "../../../shared/yaml-lines.js";
import { LIST_NAMES, normalizeEntry, type ListName } from "./entries.js";
import { KEYWORD_LIST, mergeKeywords, normalizeKeyword, readKeywordEntry } from "./keywords.js";
import type { BlockedKeyword } from "../../../../runtime/contract/index.js";
import { CUSTOM_BLOCKLIST_FILE, DEFAULT_BLOCKLIST_FILE } from "../../../shared/paths.js";

type Lists = Record<ListName, string[]>;

export interface Removal {
  list: ListName | typeof KEYWORD_LIST;
  entry: string;
  reason: string;
  line: number;
}

export interface LoadedBlocklist {
  /** Absent when a file could not be read into lists. */
  blocklist?: Blocklist;
  removed: Removal[];
  diagnostics: Diagnostic[];
}

interface ParsedFile {
  lists: Lists;
  keywords: BlockedKeyword[];
  removes: { entry: string; reason: unknown; list: unknown; line: number }[];
  diagnostics: Diagnostic[];
}

const emptyLists = (): Lists =>
  Object.fromEntries(LIST_NAMES.map((n) => [n, []])) as unknown as Lists;

/** Reads one blocklist file; custom files may also hold `remove`. */
export function parseBlocklistFile(text: string, file: string, allowRemove: boolean): ParsedFile {
  const out: ParsedFile = { lists: emptyLists(), keywords: [], removes: [], diagnostics: [] };
  const located = parseLocated(text);
  const at = (line: number) => ({ file, line });
  if (located.errors.length) {
    out.diagnostics = located.errors.map((e) =>
      diag("SL220", at(e.line), `cannot parse: ${e.message}`),
    );
    return out;
  }
  const value = (located.value ?? {}) as Record<string, unknown>;
  if (typeof value !== "object" || Array.isArray(value)) {
    out.diagnostics.push(diag("SL220", at(1), "expected a mapping of blocklist lists"));
    return out;
  }
  const known = new Set([
    "probes",
    "shorteners",
    "lure_domains",
    "blocked_hosts",
    "blocked_extensions",
    KEYWORD_LIST,
    "schema",
  ]);
  if (allowRemove) known.add("remove");
  for (const key of Object.keys(value))
    if (!known.has(key))
      out.diagnostics.push(
        diag(
          "SL220",
          at(located.lineOf([key])),
          `unknown key "${key}"`,
          `expected one of ${[...known].join(", ")}`,
        ),
      );
  for (const list of LIST_NAMES) {
    const path = list.split(".");
    const raw = path.reduce<unknown>(
      (node, k) => (node as Record<string, unknown> | undefined)?.[k],
      value,
    );
    if (raw === undefined || raw === null) continue;
    if (!Array.isArray(raw)) {
      out.diagnostics.push(
        diag("SL220", at(located.lineOf(path)), `${list} must be a list of text entries`),
      );
      continue;
    }
    raw.forEach((entry, i) => {
      const line = located.lineOf([...path, i]);
      const normalized =
        typeof entry === "string"
          ? normalizeEntry(list, entry)
          : { ok: false as const, why: "expected text" };
      if (normalized.ok) out.lists[list].push(normalized.value);
      else
        out.diagnostics.push(
          diag("SL221", at(line), `${list}: ${JSON.stringify(entry)} refused: ${normalized.why}`),
        );
    });
  }
  const keywords = value[KEYWORD_LIST];
  if (keywords !== undefined && keywords !== null && !Array.isArray(keywords))
    out.diagnostics.push(
      diag(
        "SL220",
        at(located.lineOf([KEYWORD_LIST])),
        `${KEYWORD_LIST} must be a list of {keyword, category, reason}`,
      ),
    );
  else
    (keywords ?? []).forEach((raw: unknown, i: number) => {
      const entry = readKeywordEntry(raw);
      if (entry.ok) out.keywords.push(entry.value);
      else
        out.diagnostics.push(
          diag(
            "SL221",
            at(located.lineOf([KEYWORD_LIST, i])),
            `${KEYWORD_LIST}: ${JSON.stringify(raw)} refused: ${entry.why}`,
          ),
        );
    });
  const removes = value.remove;
  if (removes !== undefined && !Array.isArray(removes))
    out.diagnostics.push(
      diag("SL220", at(located.lineOf(["remove"])), "remove must be a list of {entry, reason}"),
    );
  else
    (removes ?? []).forEach((item: unknown, i: number) => {
      const record = (item ?? {}) as Record<string, unknown>;
      out.removes.push({
        entry: String(record.entry ?? ""),
        reason: record.reason,
        list: record.list,
        line: located.lineOf(["remove", i]),
      });
    });
  return out;
}

/** Merges defaults and custom lists; pure, so it is tested without files. */
export function mergeBlocklists(
  defaults: ParsedFile,
  custom: ParsedFile,
  customFile: string,
): LoadedBlocklist {
  const diagnostics = [...defaults.diagnostics, ...custom.diagnostics];
  const lists = emptyLists();
  const removed: Removal[] = [];
  const dropped = new Set<string>();
  const droppedKeywords = new Set<string>();
  for (const r of custom.removes) {
    const at = { file: customFile, line: r.line };
    if (typeof r.reason !== "string" || r.reason.trim() === "") {
      diagnostics.push(
        diag(
          "SL222",
          at,
          `removing "${r.entry}" needs a reason`,
          "write remove: [{entry: ..., reason: why this default does not apply}]",
        ),
      );
      continue;
    }
    const named = r.list === undefined ? LIST_NAMES : LIST_NAMES.filter((n) => n === r.list);
    const keyword = normalizeKeyword(r.entry);
    const keywordHit =
      (r.list === undefined || r.list === KEYWORD_LIST) &&
      keyword.ok &&
      defaults.keywords.some((k) => k.keyword === keyword.value);
    if (keywordHit) {
      removed.push({
        list: KEYWORD_LIST,
        entry: keyword.value,
        reason: r.reason.trim(),
        line: r.line,
      });
      droppedKeywords.add(keyword.value);
    }
    if (named.length === 0 && r.list === KEYWORD_LIST && !keywordHit) {
      diagnostics.push(
        diag(
          "SL222",
          at,
          `"${r.entry}" is not a default entry of ${KEYWORD_LIST}`,
          "only product defaults need a removal; delete the line",
        ),
      );
      continue;
    }
    if (named.length === 0 && r.list !== KEYWORD_LIST) {
      diagnostics.push(
        diag(
          "SL222",
          at,
          `unknown list ${JSON.stringify(r.list)}`,
          `expected one of ${[...LIST_NAMES, KEYWORD_LIST].join(", ")}`,
        ),
      );
      continue;
    }
    const hits = named.flatMap((list) => {
      const normalized = normalizeEntry(list, r.entry);
      return normalized.ok && defaults.lists[list].includes(normalized.value)
        ? [{ list, entry: normalized.value }]
        : [];
    });
    if (hits.length === 0 && !keywordHit)
      diagnostics.push(
        diag(
          "SL222",
          at,
          `"${r.entry}" is not a default entry${r.list ? ` of ${r.list}` : ""}`,
          "only product defaults need a removal; delete the line",
        ),
      );
    for (const hit of hits) {
      removed.push({ ...hit, reason: r.reason.trim(), line: r.line });
      dropped.add(`${hit.list}\u0000${hit.entry}`);
    }
  }
  for (const list of LIST_NAMES) {
    const kept = defaults.lists[list].filter((e) => !dropped.has(`${list}\u0000${e}`));
    lists[list] = [...new Set([...kept, ...custom.lists[list]])];
  }
  const blocklist: Blocklist = {
    schema: BLOCKLIST_SCHEMA,
    probes: {
      prefixes: lists["probes.prefixes"],
      suffixes: lists["probes.suffixes"],
      exact: lists["probes.exact"],
      contains: lists["probes.contains"],
    },
    shorteners: lists.shorteners,
    lure_domains: lists.lure_domains,
    blocked_hosts: lists.blocked_hosts,
    blocked_extensions: lists.blocked_extensions,
  };
  const keywords = mergeKeywords(defaults.keywords, custom.keywords, droppedKeywords);
  if (keywords.length > 0) blocklist.blocked_keywords = keywords;
  return { blocklist, removed, diagnostics };
}

/** Loads `DEFAULTS/blocklist.yaml` and `ROOT/custom/blocklist.yaml` (optional) and merges them. */
export async function loadBlocklist(root: string, defaultsDir: string): Promise<LoadedBlocklist> {
  const defaults = parseBlocklistFile(
    await readFile(join(defaultsDir, "blocklist.yaml"), "utf8"),
    DEFAULT_BLOCKLIST_FILE,
    false,
  );
  let customText = "";
  try {
    customText = await readFile(join(root, CUSTOM_BLOCKLIST_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code !== "ENOENT") throw error;
  }
  const custom = parseBlocklistFile(customText, CUSTOM_BLOCKLIST_FILE, true);
  const merged = mergeBlocklists(defaults, custom, CUSTOM_BLOCKLIST_FILE);
  return hasErrors(merged.diagnostics) ? { ...merged, blocklist: undefined } : merged;
}
