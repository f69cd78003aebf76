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

/** At most this many addresses or domains in one identity allowance (docs/private-links.md). */
export const MAX_ALLOW_ENTRIES = 1000;
const entries = (what: string) =>
  z
    .array(nonEmpty(what), { error: `expected a list of ${what}s` })
    .min(1, { error: `expected a list of at least one ${what}` })
    .max(MAX_ALLOW_ENTRIES, { error: `expected at most ${MAX_ALLOW_ENTRIES} entries` });

/**
 * `allow` holds two independent things (docs/private-links.md, "allow: two allowances"): a
 * target-rule bypass, `rules` with its `reason` (docs/targets.md), and a private link's identity
 * allowance, `emails` and `email_domains`. Each part is checked on its own; a link may have both.
 */
export const ALLOW_SCHEMA = z
  .strictObject({
    rules: z
      .array(RULE_NAME, { error: "expected a list of rule names" })
      .min(1, { error: "expected a list of at least one rule name" })
      .optional(),
    reason: nonEmpty("the reason for the exception, as text").optional(),
    emails: entries("e-mail address").optional(),
    email_domains: entries("e-mail domain").optional(),
  })
  .superRefine((allow, ctx) => {
    const people = allow.emails !== undefined || allow.email_domains !== undefined;
    // A part half written is a missing field (SL104), as the strict shape reported it before.
    if (allow.rules !== undefined && allow.reason === undefined)
      ctx.addIssue({
        code: "invalid_type",
        expected: "string",
        path: ["reason"],
        input: undefined,
        message:
          "expected the reason for the exception, as text: allow.rules bypasses target rules and needs one",
      });
    if (allow.reason !== undefined && allow.rules === undefined)
      ctx.addIssue({
        code: "invalid_type",
        expected: "array",
        path: ["rules"],
        input: undefined,
        message: people
          ? "expected a list of rule names beside allow.reason; allow.emails and allow.email_domains need no reason"
          : "expected a list of rule names beside allow.reason",
      });
    if (allow.rules === undefined && allow.reason === undefined && !people)
      ctx.addIssue({
        code: "custom",
        path: [],
        message:
          "expected rules with a reason (a target-rule bypass) or emails/email_domains (who may use a private link)",
      });
  });

export type AllowInput = z.output<typeof ALLOW_SCHEMA>;

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

/** `preview: { title, description, image }` (docs/previews.md). */
export const PREVIEW_SCHEMA = z.strictObject(
  {
    title: nonEmpty("the card's title as text"),
    description: nonEmpty("the card's description as text").optional(),
    image: nonEmpty(
      "a file under custom/public such as /cards/docs.png, or an https URL",
    ).optional(),
  },
  { error: "expected a mapping of title, description and image" },
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
  preview: PREVIEW_SCHEMA.optional(),
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
