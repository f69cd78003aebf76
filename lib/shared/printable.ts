/**
 * Text from link sources, git or the network, made safe to show a person (docs/limits.md, "Text
 * a person reads"). A terminal obeys control characters: ESC starts sequences that clear the
 * screen, erase lines or retitle the window; BEL rings; CR and backspace overwrite what was
 * printed; bidi overrides reorder what is shown. Every one of them is printed as a visible escape
 * instead, in the spelling JSON uses: `\n`, `\r`, `\t`, otherwise `\u001b` (four hex digits).
 */

/**
 * C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidi embeddings,
 * overrides and isolates (the characters `check` refuses in a link's text, SL117).
 */
export const CONTROL_CHARACTER =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Half of a surrogate pair without its other half: no character at all (SL118). */
export const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What never reaches a person raw. */
const UNPRINTABLE = new RegExp(`${CONTROL_CHARACTER.source}|${LONE_SURROGATE.source}`, "g");

/** Characters JSON.stringify leaves raw that a terminal or a viewer would still act on. */
const JSON_UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const escaped = (c: string) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** One line of text with every control, bidi override and lone surrogate shown as an escape. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/**
 * JSON for a terminal or a file a person opens: JSON.stringify escapes C0 controls and lone
 * surrogates already; DEL, C1 controls, separators and bidi controls get `\u` escapes too (valid
 * JSON for the same value: they only ever occur inside strings).
 */
export function printableJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNPRINTABLE, escaped);
}
