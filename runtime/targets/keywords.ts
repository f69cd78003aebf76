/**
 * The keyword rule: a destination whose host, path or query holds a blocked keyword is refused,
 * with the keyword's category (docs/targets.md#keyword-blocks). It runs after the twelve rules,
 * at build time and again on every final URL at runtime, like them. Its code is SL230.
 */
import type { BlockedKeyword } from "../contract/index.js";
import type { TargetFailure, TargetParts } from "./rules.js";

/** The rule number the keyword rule reports in messages (after rules 1-12). */
export const KEYWORD_RULE = 13;
export const KEYWORD_RULE_TITLE = "no blocked keywords in the destination";

/** Percent-decoding rounds applied to the text a keyword is looked for in (`%2525` counts). */
const DECODE_ROUNDS = 3;

function decodeRepeatedly(text: string): string {
  let current = text;
  // Without a `%` there is nothing to decode (most destinations).
  for (let i = 0; i < DECODE_ROUNDS && current.includes("%"); i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * What keywords are looked for in: the parsed host (punycode), path and query, percent-decoded,
 * lower case. The fragment never reaches the server and is left out.
 */
export function keywordText(url: Pick<TargetParts, "hostname" | "pathname" | "search">): string {
  return decodeRepeatedly(url.hostname + url.pathname + url.search).toLowerCase();
}

/** What a keyword list that is not one answers: every destination is refused (fail closed). */
const UNREADABLE: BlockedKeyword = {
  keyword: "",
  category: "unsafe-target",
  reason: "the keyword list of /links-blocklist.json cannot be read",
};

function readable(entries: unknown): entries is readonly BlockedKeyword[] {
  return (
    Array.isArray(entries) &&
    entries.every(
      (e: Partial<BlockedKeyword> | null) =>
        typeof e?.keyword === "string" && e.keyword !== "" && typeof e.category === "string",
    )
  );
}

/**
 * The first entry whose keyword the URL holds, or undefined. Keywords are stored lower case. A
 * list that is present but malformed refuses everything: the runtime never redirects past a
 * policy it cannot read.
 */
export function blockedKeyword(
  url: Pick<TargetParts, "hostname" | "pathname" | "search">,
  entries: readonly BlockedKeyword[] | undefined,
): BlockedKeyword | undefined {
  if (entries === undefined) return undefined;
  if (!readable(entries)) return UNREADABLE;
  if (entries.length === 0) return undefined;
  const text = keywordText(url);
  return entries.find((entry) => text.includes(entry.keyword));
}

export function refuseKeyword(entry: BlockedKeyword): TargetFailure {
  const why = entry.reason ? `: ${entry.reason}` : "";
  if (entry === UNREADABLE)
    return {
      ok: false,
      rule: KEYWORD_RULE,
      code: "SL230",
      category: entry.category,
      message: `rule ${KEYWORD_RULE} (${KEYWORD_RULE_TITLE})${why}`,
    };
  return {
    ok: false,
    rule: KEYWORD_RULE,
    code: "SL230",
    category: entry.category,
    message: `rule ${KEYWORD_RULE} (${KEYWORD_RULE_TITLE}): the destination holds the blocked keyword "${entry.keyword}" (${entry.category})${why}`,
  };
}
