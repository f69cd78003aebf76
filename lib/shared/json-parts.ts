/**
 * `JSON.stringify(value)` as a list of texts, each flat, joined in order: an array of more than
 * a batch of items is written a batch at a time, and a plain object's fields one at a time, two
 * levels deep. V8 gives a large JSON text as a tree of pieces that each later read copies into
 * one flat text first; a cache entry of tens of MB spent most of its encoding there
 * (docs/performance.md, "Cache entries encoded a part at a time").
 */
import { omitted } from "./json-bytes.js";

/** Items of an array per part: a part of about 200 KB for a cache entry's rows. */
const BATCH = 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  !("toJSON" in value);

/** The parts of `value`'s JSON text; undefined where JSON.stringify gives undefined. */
export function jsonParts(value: unknown, batch = BATCH): string[] | undefined {
  if (omitted(value)) return undefined;
  const parts: string[] = [];
  append(value, parts, 0, batch);
  return parts;
}

function append(value: unknown, parts: string[], depth: number, batch: number): void {
  if (Array.isArray(value) && value.length > batch) {
    parts.push("[");
    // A batch is one JSON.stringify call, its brackets cut off (a slice of a flat text is flat):
    // a call per item and a join took about a sixth longer (docs/performance.md, "Cache entries
    // stringified a batch at a time").
    for (let from = 0; from < value.length; from += batch) {
      if (from > 0) parts.push(",");
      parts.push(JSON.stringify(value.slice(from, from + batch)).slice(1, -1));
    }
    parts.push("]");
  } else if (depth < 2 && isPlainObject(value)) {
    parts.push("{");
    let first = true;
    for (const [key, field] of Object.entries(value)) {
      if (omitted(field)) continue;
      parts.push(first ? JSON.stringify(key) + ":" : "," + JSON.stringify(key) + ":");
      first = false;
      append(field, parts, depth + 1, batch);
    }
    parts.push("}");
  } else parts.push(JSON.stringify(value));
}
