/**
 * UTF-8 length of `JSON.stringify(value)`, counted without making the text: the build measures
 * every stats row (to cut pages) and every shard (against the per-file asset limit), and a JSON
 * text made only to be measured was several percent of a large build (docs/performance.md,
 * "Build time"). Plain strings, numbers, booleans, arrays and plain objects are counted; anything
 * else (escaped or non-ASCII text, a `toJSON`) is measured from its own JSON text.
 */

/**
 * Whether `text` is printable ASCII but `"` and `\`, which JSON writes as it is between quotes:
 * one test of each code unit, cheaper than a regular expression's test of such short texts (a
 * build asks it of every field of every record and stats row).
 */
function asIs(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return false;
  }
  return true;
}

const textBytes = (text: string | undefined) => (text === undefined ? 0 : Buffer.byteLength(text));

const stringBytes = (text: string) =>
  asIs(text) ? text.length + 2 : textBytes(JSON.stringify(text));

/** The length of a finite number's JSON: an integer's digits counted, any other number's text. */
function numberBytes(value: number): number {
  const magnitude = value < 0 ? -value : value;
  if (magnitude >= 1e9 || magnitude !== Math.floor(magnitude)) return String(value).length;
  let digits = 1;
  for (let power = 10; power <= magnitude; power *= 10) digits++;
  return value < 0 ? digits + 1 : digits;
}

/** A value JSON leaves out of an object (and writes as null in an array). */
export const omitted = (value: unknown) =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

export function jsonBytes(value: unknown): number {
  if (typeof value === "string") return stringBytes(value);
  if (typeof value === "number" && Number.isFinite(value)) return numberBytes(value);
  if (typeof value === "boolean") return value ? 4 : 5;
  if (value === null) return 4;
  if (Array.isArray(value)) {
    let bytes = value.length > 0 ? value.length + 1 : 2; // brackets and commas
    for (const item of value) bytes += omitted(item) ? 4 : jsonBytes(item);
    return bytes;
  }
  if (typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON !== "function") {
    let bytes = 2;
    let fields = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      if (omitted(item)) continue;
      bytes += stringBytes(key) + 1 + jsonBytes(item);
      fields++;
    }
    return fields > 0 ? bytes + fields - 1 : bytes;
  }
  return textBytes(JSON.stringify(value));
}
