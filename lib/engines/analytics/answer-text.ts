/**
 * A provider's answer as `analytics test` prints it (docs/analytics.md): a collector may echo
 * the request back, headers included, so every value of a secret variable it holds is replaced
 * by the variable's name; then its controls are shown as escapes, and it is cut to a line.
 */
import { printable } from "../../shared/printable.js";

/** Characters of an answer printed (after redaction and escaping). */
export const ANSWER_SHOWN_MAX = 120;

/**
 * The variables whose values are never printed: the collection key always, the website and site
 * ids (which let anyone send events to the site) when they are long enough to be one and not a
 * number that could stand anywhere in an answer.
 */
const SECRET_VARS = [
  ["PROVIDER_B_COLLECTION_KEY", 1],
  ["PROVIDER_A_WEBSITE_ID", 8],
  ["PROVIDER_B_SITE_ID", 8],
  ["FATHOM_SITE_ID", 6],
] as const;

/** How a value may be spelled in an answer: as it is, inside a JSON string, URL-encoded. */
const spellings = (value: string) => [
  ...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]),
];

export function answerText(body: string, env: Record<string, string | undefined>): string {
  let text = body;
  for (const [name, minLength] of SECRET_VARS) {
    const value = env[name]?.trim();
    if (!value || value.length < minLength) continue;
    for (const spelling of spellings(value)) text = text.split(spelling).join(`[${name}]`);
  }
  const shown = printable(text);
  return shown.length <= ANSWER_SHOWN_MAX ? shown : shown.slice(0, ANSWER_SHOWN_MAX - 1) + "…";
}
