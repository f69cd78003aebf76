/**
 * UTF-8 length of `JSON.stringify(value)`, counted without making the text: the build measures
 * every stats row (to cut pages) and every shard (against the per-file asset limit), and a JSON
 * text made only to be measured was several percent of a large build (docs/performance.md,
 * "Build time"). Plain strings, numbers, booleans, arrays and plain objects are counted; anything
 * else (escaped or non-ASCII text, a `toJSON`) is measured from its own JSON text.
 */

/** Printable ASCII but `"` and `\`: JSON writes such a string as it is, between quotes. */
const AS_IS = /^[\u0020\u0021\u0023-\u005b\u005d-\u007e]*$/;

const textBytes = (text: string | undefined) => (text === undefined ? 0 : Buffer.byteLength(text));

/** A value JSON leaves out of an object (and writes as null in an array). */
const omitted = (value: unknown) =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

export function jsonBytes(value: unknown): number {
  if (typeof value === "string")
    return AS_IS.test(value) ? value.length + 2 : textBytes(JSON.stringify(value));
  if (typeof value === "number" && Number.isFinite(value)) return String(value).length;
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
      bytes += jsonBytes(key) + 1 + jsonBytes(item);
      fields++;
    }
    return fields > 0 ? bytes + fields - 1 : bytes;
  }
  return textBytes(JSON.stringify(value));
}
