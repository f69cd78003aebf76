/** custom/site.yaml: what the instance writes (SiteInput) and what the compiler uses (Site). */
import { z } from "zod";
import {
  LANGUAGES,
  OPTIONAL_PAGES,
  REDIRECT_STATUSES,
  type OptionalPage,
} from "../../../../runtime/contract/index.js";

/** `ignore`: `/x` and `/x/` are one path; `strict`: two (docs/links.md, "Trailing slashes"). */
export const TRAILING_SLASH_MODES = ["ignore", "strict"] as const;
import { DOMAIN_ENTRY_SCHEMA } from "./domains.js";

const httpUrl = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), {
      error: `expected ${what}`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

/** One private zone as site.yaml writes it (docs/private-links.md); checked further by access-zones.ts. */
export const ZONE_SCHEMA = z.strictObject({
  name: z
    .string({ error: "expected a zone name such as staff" })
    .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, {
      error: "expected a zone name: lower-case letters, digits, - and _, at most 63",
    }),
  prefix: z
    .string({ error: "expected a path prefix such as /staff" })
    .min(1, { error: "expected a path prefix such as /staff" }),
  aud: z
    .string({ error: "expected the Access application's AUD tag" })
    .regex(/^[A-Za-z0-9_-]{1,256}$/, {
      error: "expected the Access application's AUD tag (letters, digits, - and _)",
    }),
  allow_targets: z
    .array(z.string({ error: "expected a host name or a CIDR as text" }), {
      error: "expected a list of host names and CIDRs",
    })
    .max(1000, { error: "expected at most 1000 entries" })
    .optional(),
});

export const ACCESS_SCHEMA = z.strictObject({
  zones: z
    .array(ZONE_SCHEMA, { error: "expected a list of zones {name, prefix, aud}" })
    .min(1, { error: "expected a list of at least one zone {name, prefix, aud}" }),
});

export type ZoneInput = z.output<typeof ZONE_SCHEMA>;

/** One contact or several (in order of preference); site-contacts.ts checks each is a URI. */
const contact = z
  .union([z.string(), z.array(z.string()).min(1)], {
    error: "expected a mailto: address or an https: URL, or a list of them",
  })
  .transform((value) => (typeof value === "string" ? [value] : value));

export const CONTACT_NAMES = ["security", "abuse", "privacy"] as const;
export type ContactName = (typeof CONTACT_NAMES)[number];

const pageState = (fallback: "draft" | "published") =>
  z.enum(["draft", "published"], { error: "expected draft or published" }).default(fallback);

/** The home page is published unless the instance says otherwise; legal pages wait for the operator. */
const PAGES = z
  .strictObject(
    Object.fromEntries(
      OPTIONAL_PAGES.map((page) => [page, pageState(page === "home" ? "published" : "draft")]),
    ) as Record<OptionalPage, ReturnType<typeof pageState>>,
  )
  .prefault({});

/** A language tag of RFC 5646, as security.txt's Preferred-Languages lists them. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

export const SECURITY_TXT_MAX_DAYS = 365;

/** Longest random slug `add` draws. */
export const MAX_RANDOM_SLUG_LENGTH = 64;
const LENGTH_ERROR = `expected a whole number from 1 to ${MAX_RANDOM_SLUG_LENGTH}`;
const SLUG_LENGTH = z
  .number({ error: LENGTH_ERROR })
  .int({ error: LENGTH_ERROR })
  .min(1, { error: LENGTH_ERROR })
  .max(MAX_RANDOM_SLUG_LENGTH, { error: LENGTH_ERROR });
const ALPHABET_ERROR =
  "expected at least two characters among a-z, 0-9, - and _ (A-Z too with case_sensitive: true)";

export const SITE_SCHEMA = z
  .strictObject({
    site_name: z
      .string({ error: "expected a non-empty name" })
      .min(1, { error: "expected a non-empty name" }),
    base_url: httpUrl("an absolute http(s) URL such as https://go.example.org"),
    default_lang: z.enum(LANGUAGES, { error: `expected one of ${LANGUAGES.join(", ")}` }),
    case_sensitive: z.boolean({ error: "expected true or false" }),
    trailing_slash: z.enum(TRAILING_SLASH_MODES, { error: "expected ignore or strict" }),
    default_status: z.literal(REDIRECT_STATUSES, {
      error: `expected one of ${REDIRECT_STATUSES.join(", ")}`,
    }),
    redirect_max_age: z
      .number({ error: "expected a whole number of seconds" })
      .int({ error: "expected a whole number of seconds" })
      .min(0, { error: "expected a whole number of seconds" }),
    code_host_api: httpUrl("an absolute http(s) URL (origin of the code host API)"),
    public_disclosure: z
      .string({ error: "expected the reason, as text" })
      .min(1, { error: "expected the reason, as text" })
      .optional(),
    /** Who answers reports; the legal pages and security.txt show them (docs/pages.md). */
    contacts: z
      .strictObject(
        Object.fromEntries(CONTACT_NAMES.map((name) => [name, contact.optional()])) as Record<
          ContactName,
          z.ZodOptional<typeof contact>
        >,
      )
      .prefault({}),
    pages: PAGES,
    /** security.txt (RFC 9116), written when `contacts.security` is set. */
    security_txt: z
      .strictObject({
        expires_in_days: z
          .number({ error: `expected a whole number of days, 1 to ${SECURITY_TXT_MAX_DAYS}` })
          .int({ error: `expected a whole number of days, 1 to ${SECURITY_TXT_MAX_DAYS}` })
          .min(1, { error: `expected a whole number of days, 1 to ${SECURITY_TXT_MAX_DAYS}` })
          .max(SECURITY_TXT_MAX_DAYS, {
            error: `expected at most ${SECURITY_TXT_MAX_DAYS} days (RFC 9116: less than a year)`,
          })
          .default(180),
        languages: z
          .array(
            z.string().regex(LANGUAGE_TAG, { error: "expected language tags such as en or fr-CA" }),
            { error: "expected a list of language tags such as [en, fr]" },
          )
          .min(1, { error: "expected a list of language tags such as [en, fr]" })
          .optional(),
      })
      .prefault({}),
    // Random slugs of `add` without a slug (lib/engines/add/random-slug.ts has the defaults).
    random_slug_length: SLUG_LENGTH.optional(),
    random_slug_alphabet: z
      .string({ error: ALPHABET_ERROR })
      .regex(/^[A-Za-z0-9_-]{2,}$/, { error: ALPHABET_ERROR })
      .refine((a) => new Set(a).size === a.length, { error: "expected each character once" })
      .optional(),
    tag_random_slug_lengths: z
      .record(z.string(), SLUG_LENGTH, { error: "expected a mapping of tags to lengths" })
      .optional(),
    /** Private zones (docs/private-links.md). */
    access: ACCESS_SCHEMA.optional(),
    /** The hosts the instance answers on, the default first (./domains.ts, docs/domains.md). */
    domains: z
      .array(DOMAIN_ENTRY_SCHEMA, { error: "expected a list of hosts" })
      .min(1, { error: "expected a list of at least one host" })
      .optional(),
  })
  .refine((site) => site.case_sensitive || !/[A-Z]/.test(site.random_slug_alphabet ?? ""), {
    path: ["random_slug_alphabet"],
    error: "expected no capital letters: slugs are matched ignoring case (case_sensitive: false)",
  });

export type SiteInput = z.input<typeof SITE_SCHEMA>;
export type Site = z.output<typeof SITE_SCHEMA>;
