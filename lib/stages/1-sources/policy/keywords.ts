/**
 * `blocked_keywords` of the blocklist files: keyword blocks on destinations, each with a category
 * (sent as `X-Deny-Category` when the runtime refuses one) and a reason for reviewers
 * (docs/targets.md#keyword-blocks). Entries are normalised as the runtime compares them:
 * percent-decoded and lower case.
 */
import type { BlockedKeyword } from "../../../../runtime/contract/index.js";
import { CONTROL } from "../../../../runtime/targets/index.js";
import type { Normalized } from "./entries.js";

export const KEYWORD_LIST = "blocked_keywords";
/** A shorter keyword would match far too much; a longer one is no keyword. */
export const KEYWORD_MIN = 3;
export const KEYWORD_MAX = 200;
/** The category when an entry names none, as vanityURLs has it. */
export const DEFAULT_CATEGORY = "custom";
const CATEGORY = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function normalizeKeyword(entry: string): Normalized {
  let text = entry.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    // kept as written: a lone "%" is a character like any other
  }
  const value = text.toLowerCase();
  if (CONTROL.test(value))
    return { ok: false, why: "a keyword holds no control or invisible character" };
  if (value.length < KEYWORD_MIN || value.length > KEYWORD_MAX)
    return { ok: false, why: `a keyword has ${KEYWORD_MIN} to ${KEYWORD_MAX} characters` };
  return { ok: true, value };
}

export type KeywordEntry = { ok: true; value: BlockedKeyword } | { ok: false; why: string };

/** One entry as written: `{keyword, category?, reason?}` or a bare keyword (category `custom`). */
export function readKeywordEntry(raw: unknown): KeywordEntry {
  const record: Record<string, unknown> =
    typeof raw === "string" ? { keyword: raw } : ((raw ?? {}) as Record<string, unknown>);
  if (typeof raw !== "string" && (typeof raw !== "object" || raw === null || Array.isArray(raw)))
    return { ok: false, why: "expected {keyword, category, reason} or a keyword" };
  const unknown = Object.keys(record).filter((k) => !["keyword", "category", "reason"].includes(k));
  if (unknown.length) return { ok: false, why: `unknown field "${unknown[0]}"` };
  if (typeof record.keyword !== "string") return { ok: false, why: "keyword must be text" };
  const keyword = normalizeKeyword(record.keyword);
  if (!keyword.ok) return keyword;
  const category =
    record.category === undefined ? DEFAULT_CATEGORY : String(record.category).trim();
  if (!CATEGORY.test(category))
    return {
      ok: false,
      why: `category ${JSON.stringify(record.category)}: lower-case letters, digits and hyphens (at most 40), such as phishing`,
    };
  if (record.reason !== undefined && typeof record.reason !== "string")
    return { ok: false, why: "reason must be text" };
  return {
    ok: true,
    value: { keyword: keyword.value, category, reason: (record.reason ?? "").trim() },
  };
}

/** Defaults then custom entries; a custom entry of the same keyword replaces the default's. */
export function mergeKeywords(
  defaults: readonly BlockedKeyword[],
  custom: readonly BlockedKeyword[],
  dropped: ReadonlySet<string>,
): BlockedKeyword[] {
  const merged = new Map<string, BlockedKeyword>();
  for (const entry of defaults) if (!dropped.has(entry.keyword)) merged.set(entry.keyword, entry);
  for (const entry of custom) merged.set(entry.keyword, entry);
  return [...merged.values()];
}
