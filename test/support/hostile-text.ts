/**
 * Text an attacker controls, for the tests that hold every output to "no raw control": the
 * C0 and C1 controls, DEL, the line and paragraph separators and the bidi embeddings, overrides
 * and isolates, alone and inside a diff report where every piece of user text is the same.
 */
import fc from "fast-check";
import type { DiffReport } from "../../lib/engines/diff/report.js";
import { linkRecord } from "./stats-files.js";

export const CONTROLS: readonly string[] = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ...Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c)),
  ..."\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
];

/** Any of them raw, except the line feed between lines of output. */
export const RAW_CONTROL =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const hexOf = (c: string) => c.charCodeAt(0).toString(16).padStart(4, "0");

/** How a control is shown: `\n`, `\r`, `\t`, otherwise `\u` and four hex digits. */
export const escapeOf = (c: string) =>
  ({ "\n": "\\n", "\r": "\\r", "\t": "\\t" })[c] ?? `\\u${hexOf(c)}`;

/** Strings built of backtick runs, markup, controls and line breaks around `marker`. */
export function hostileText(marker: string): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom("`", "``", "```", "\\", "|", "<", ">", "@", "[", "](", "!", "*", "_", "#"),
    fc.constantFrom("\n", "\r", " ", "&", "<img src=x>", "@octocat", "http://x.example"),
    fc.constantFrom(...CONTROLS),
    fc.string({ maxLength: 3 }),
  );
  return fc
    .tuple(fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 12 }))
    .map(([a, b]) => [...a, marker, ...b].join(""));
}

export function diffReport(overrides: Partial<DiffReport> = {}): DiffReport {
  return {
    base: "origin/main",
    base_commit: "0123456789abcdef0123456789abcdef01234567",
    head: "worktree",
    at: "2030-01-01T00:00:00.000Z",
    days: 7,
    links: { added: [], removed: [], changed: [] },
    routing: [],
    host_changes: [],
    route_changes: [],
    schedule_events: [],
    problems: [],
    ...overrides,
  };
}

/** A report whose every piece of user text is `text`: every place a formatter prints some. */
export function hostileReport(text: string): DiffReport {
  const l = {
    ...linkRecord({ slug: "s" }),
    slug: text,
    key: text,
    target: text,
    description: text,
    file: text,
    line: 3,
  };
  const match = { kind: "exact" as const, slug: text, file: text, line: 3 };
  return diffReport({
    base: text,
    links: {
      added: [l],
      removed: [l],
      changed: [{ slug: text, before: l, after: l, fields: { description: ["was", text] } }],
    },
    routing: [
      {
        path: text,
        before: { status: 302, location: text },
        after: { status: 404, page: "not-found" },
        cause: "removed",
        before_match: match,
        after_match: null,
      },
    ],
    host_changes: [
      { slug: text, before: text, after: text, domain_changed: true, file: text, line: 3 },
    ],
    route_changes: [
      {
        slug: text,
        file: text,
        line: 3,
        added: [{ route: text, line: 3, targets: [text] }],
        removed: [{ route: text, line: 3, targets: [text] }],
        retargeted: [{ route: text, line: 3, before: [text], after: [text] }],
        reordered: { before: [text], after: [text] },
        new_hosts: [text],
      },
    ],
    schedule_events: [{ at: "2030-01-02T00:00:00.000Z", slug: text, event: "start", side: "head" }],
    problems: [
      { code: "SL803", severity: "error", file: text, line: 3, message: text, hint: text },
    ],
  } as Partial<DiffReport>);
}
