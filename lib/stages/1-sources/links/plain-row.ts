/**
 * The common well-formed link row checked without zod: text, status, state, schedule, tags,
 * preview and domain fields of the right type, nothing else. Its output is what LINK_ROW_SCHEMA
 * gives such a row (the same fields in the schema's order, nested mappings and lists copied); any
 * other row (allow, params, routes, an unknown or mistyped field, a value left undefined) gives
 * undefined and zod checks it, with its diagnostics. A property test pins the two together
 * (docs/performance.md, "Build time").
 */
import {
  LINK_STATES,
  REDIRECT_STATUSES,
  REMAINDER_MODES,
} from "../../../../runtime/contract/index.js";
import type { LinkRow } from "./row-schema.js";

type Kind = "text" | "filled" | "status" | "state" | "remainder" | "boolean" | "tags";
type Shape = Record<string, Kind>;

/** The fields a plain row may hold, in the schema's order, with what each must be. */
const FIELDS: Record<string, Kind | Shape> = {
  slug: "filled",
  target: "filled",
  status: "status",
  state: "state",
  schedule: { label: "filled", start: "text", end: "text" },
  forward_query: "boolean",
  remainder: "remainder",
  description: "text",
  tags: "tags",
  owner: "text",
  title: "text",
  notes: "text",
  successor: "filled",
  preview: { title: "filled", description: "filled", image: "filled" },
  domain: "filled",
  domains: "tags",
};
const ORDER = Object.keys(FIELDS);
const REQUIRED: Record<string, readonly string[]> = {
  "": ["slug", "target"],
  schedule: ["label"],
  preview: ["title"],
};

const STATES: ReadonlySet<unknown> = new Set(LINK_STATES);
const STATUSES: ReadonlySet<unknown> = new Set(REDIRECT_STATUSES);
const MODES: ReadonlySet<unknown> = new Set(REMAINDER_MODES);

const isFilled = (v: unknown): v is string => typeof v === "string" && v.length > 0;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The value a field of `kind` passes on, or undefined when zod must judge it. */
function plainValue(kind: Kind, v: unknown): unknown {
  switch (kind) {
    case "text":
      return typeof v === "string" ? v : undefined;
    case "filled":
      return isFilled(v) ? v : undefined;
    case "status":
      return STATUSES.has(v) ? v : undefined;
    case "state":
      return STATES.has(v) ? v : undefined;
    case "remainder":
      return MODES.has(v) ? v : undefined;
    case "boolean":
      return typeof v === "boolean" ? v : undefined;
    case "tags":
      return Array.isArray(v) && v.length > 0 && v.every(isFilled)
        ? [...(v as string[])]
        : undefined;
  }
}

/** `value`'s fields of `shape`, in its order, or undefined (unknown, missing or bad field). */
function plainMapping(
  value: Record<string, unknown>,
  shape: Record<string, Kind | Shape>,
  order: readonly string[],
  required: readonly string[],
): Record<string, unknown> | undefined {
  for (const key in value) if (!Object.hasOwn(shape, key)) return undefined;
  for (const key of required) if (!Object.hasOwn(value, key)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of order) {
    if (!Object.hasOwn(value, key)) continue;
    const kind = shape[key];
    const inner = value[key];
    const checked =
      typeof kind === "string"
        ? plainValue(kind, inner)
        : isPlainObject(inner)
          ? plainMapping(inner, kind, Object.keys(kind), REQUIRED[key] ?? [])
          : undefined;
    if (checked === undefined) return undefined;
    out[key] = checked;
  }
  return out;
}

/** The row as LINK_ROW_SCHEMA would give it, when it is plain; else undefined. */
export function plainLinkRow(value: unknown): LinkRow | undefined {
  if (!isPlainObject(value)) return undefined;
  return plainMapping(value, FIELDS, ORDER, REQUIRED[""]) as LinkRow | undefined;
}
