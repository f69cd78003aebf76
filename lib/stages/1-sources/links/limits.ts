/**
 * What one link source may hold (docs/limits.md). Bounds keep every generated file far below the
 * platform's 25 MiB per asset and keep build, check and add fast; past them the row or file is
 * refused with a coded diagnostic that names the field and its length, never its content.
 */
import { MAX_SLUG_LENGTH } from "../../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import type { RawRow } from "./raw-row.js";

/** A source file larger than this is refused before it is read (SL112). */
export const MAX_SOURCE_BYTES = 64 * 1024 * 1024;
/** Rows in one source file (SL111); split larger sets into several files. */
export const MAX_ROWS_PER_FILE = 100_000;
/** Tags on one link (SL110). */
export const MAX_TAGS = 50;

/** Characters (JavaScript string length) per text field, by field path (SL110). */
export const FIELD_LIMITS = {
  target: 8192,
  description: 2000,
  owner: 200,
  title: 200,
  notes: 2000,
  successor: MAX_SLUG_LENGTH,
  tag: 100,
  "schedule.label": 200,
  "schedule.start": 64,
  "schedule.end": 64,
  "allow.reason": 500,
  "preview.title": 300,
  "preview.description": 1000,
  "preview.image": 2048,
  domain: 253,
} as const;

type LimitedField = Exclude<keyof typeof FIELD_LIMITS, "tag">;

/**
 * Each limited field's path split once: splitting it for every field of every row was 3% of a
 * large build (docs/performance.md, "Build time").
 */
const LIMITED_PATHS = (Object.keys(FIELD_LIMITS) as (LimitedField | "tag")[])
  .filter((field): field is LimitedField => field !== "tag")
  .map((field) => {
    const [head, inner] = field.split(".");
    return { field, head, inner: inner as string | undefined, max: FIELD_LIMITS[field] };
  });

const SHORTEST_LIMIT = Object.values(FIELD_LIMITS).reduce<number>(
  (a, b) => Math.min(a, b),
  Infinity,
);

/** Whether some text of the row, at its top level or one level down, is over `length`. */
function holdsTextOver(value: Record<string, unknown>, length: number, depth = 0): boolean {
  for (const key in value) {
    const v = value[key];
    if (typeof v === "string") {
      if (v.length > length) return true;
    } else if (Array.isArray(v)) {
      if (v.length > MAX_TAGS) return true;
      for (const item of v) if (typeof item === "string" && item.length > length) return true;
    } else if (depth === 0 && v !== null && typeof v === "object") {
      if (holdsTextOver(v as Record<string, unknown>, length, 1)) return true;
    }
  }
  return false;
}

/** SL110 for every field of `row` over its limit; empty when the row is within bounds. */
export function fieldLimitProblems(row: RawRow): Diagnostic[] {
  const value = row.value as Record<string, unknown>;
  // Most rows hold no text as long as the shortest limit: nothing can be over its own.
  if (!holdsTextOver(value, SHORTEST_LIMIT)) return [];
  const out: Diagnostic[] = [];
  const over = (field: string, length: number, max: number, unit = "characters") =>
    out.push(
      diag(
        "SL110",
        {
          file: row.file,
          line: row.fieldLines[field] ?? row.fieldLines[field.split(".")[0]] ?? row.line,
        },
        `field "${field}" is ${length} ${unit} long; at most ${max} are allowed`,
        "see docs/limits.md",
      ),
    );
  for (const { field, head, inner, max } of LIMITED_PATHS) {
    const first = value[head];
    const text =
      inner === undefined
        ? first
        : first !== null && typeof first === "object"
          ? (first as Record<string, unknown>)[inner]
          : undefined;
    if (typeof text === "string" && text.length > max) over(field, text.length, max);
  }
  const tags = value.tags;
  if (Array.isArray(tags)) {
    if (tags.length > MAX_TAGS) over("tags", tags.length, MAX_TAGS, "tags");
    const longest = tags.reduce(
      (most: number, t) => Math.max(most, typeof t === "string" ? t.length : 0),
      0,
    );
    if (longest > FIELD_LIMITS.tag) over("tags", longest, FIELD_LIMITS.tag, "characters (one tag)");
  }
  return out;
}
