/** The shape of one link row (YAML or CSV), as zod checks it. */
import { z } from "zod";
import {
  LINK_STATES,
  REDIRECT_STATUSES,
  REMAINDER_MODES,
} from "../../../../runtime/contract/index.js";

const text = (what = "text") => z.string({ error: `expected ${what}` });
const nonEmpty = (what: string) => text(what).min(1, { error: `expected ${what}` });

export const SCHEDULE_SCHEMA = z.strictObject({
  label: nonEmpty("a label (text reported in analytics)"),
  start: text("an ISO 8601 time with an offset, quoted or plain").optional(),
  end: text("an ISO 8601 time with an offset, quoted or plain").optional(),
});

/** A rule as the editor names it: its code (`SL207`) or its number (`7`, read as text). */
const RULE_NAME = z.union(
  [nonEmpty("a rule name"), z.number().int().nonnegative().transform(String)],
  { error: "expected a rule code such as SL207 or a rule number such as 7" },
);

export const ALLOW_SCHEMA = z.strictObject({
  rules: z
    .array(RULE_NAME, { error: "expected a list of rule names" })
    .min(1, { error: "expected a list of at least one rule name" }),
  reason: nonEmpty("the reason for the exception, as text"),
});

const BOUND = z
  .number({ error: "expected a whole number, 0 or more" })
  .int({ error: "expected a whole number, 0 or more" })
  .min(0, { error: "expected a whole number, 0 or more" })
  .max(Number.MAX_SAFE_INTEGER, { error: "expected a whole number below 2^53" });

/** `params: { id: digits }` or `{ id: { digits: true, min: 1, max: 99 } }` (docs/links.md). */
export const PARAMS_SCHEMA = z.record(
  z.string(),
  z.union(
    [
      z.literal("digits"),
      z.strictObject({
        digits: z.literal(true, { error: "expected true" }).optional(),
        min: BOUND.optional(),
        max: BOUND.optional(),
      }),
    ],
    { error: "expected digits, or a mapping of digits: true, min and max" },
  ),
  { error: "expected a mapping of placeholder names to rules" },
);

export const LINK_ROW_SCHEMA = z.strictObject({
  slug: nonEmpty("the slug as text, for example docs or gh/*"),
  target: nonEmpty("an absolute URL such as https://example.org/page"),
  status: z
    .literal(REDIRECT_STATUSES, { error: `expected one of ${REDIRECT_STATUSES.join(", ")}` })
    .optional(),
  state: z.enum(LINK_STATES, { error: `expected one of ${LINK_STATES.join(", ")}` }).optional(),
  schedule: SCHEDULE_SCHEMA.optional(),
  forward_query: z.boolean({ error: "expected true or false" }).optional(),
  remainder: z
    .enum(REMAINDER_MODES, { error: `expected ${REMAINDER_MODES.join(" or ")}` })
    .optional(),
  allow: ALLOW_SCHEMA.optional(),
  params: PARAMS_SCHEMA.optional(),
  // Each route's shape is checked by the routes stage, with its own codes (docs/routes.md).
  routes: z
    .array(z.unknown(), { error: "expected a list of routes (`- when: ...` and `target: ...`)" })
    .optional(),
  description: text().optional(),
  tags: z.array(nonEmpty("a tag"), { error: "expected a list of tags" }).optional(),
  owner: text().optional(),
  title: text().optional(),
  notes: text().optional(),
  successor: nonEmpty(
    "the slug of the link that replaces this one, for example docs-v2",
  ).optional(),
  /** The host the link answers on (docs/domains.md); the default host without it. */
  domain: nonEmpty("a host name listed in site.yaml domains").optional(),
  /** The hosts the link answers on, each with the same destination. */
  domains: z
    .array(nonEmpty("a host name listed in site.yaml domains"), {
      error: "expected a list of host names",
    })
    .min(1, { error: "expected a list of at least one host name" })
    .optional(),
});

export type LinkRow = z.output<typeof LINK_ROW_SCHEMA>;

/** A row that passed the shape check, with its place. */
export interface SourceLink extends LinkRow {
  file: string;
  line: number;
  fieldLines: Record<string, number>;
}
