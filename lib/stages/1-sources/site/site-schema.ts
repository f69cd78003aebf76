/** custom/site.yaml: what the instance writes (SiteInput) and what the compiler uses (Site). */
import { z } from "zod";
import { LANGUAGES, REDIRECT_STATUSES } from "../../../../runtime/contract/index.js";

/** `ignore`: `/x` and `/x/` are one path; `strict`: two (docs/links.md, "Trailing slashes"). */
export const TRAILING_SLASH_MODES = ["ignore", "strict"] as const;

const httpUrl = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), {
      error: `expected ${what}`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

export const SITE_SCHEMA = z.strictObject({
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
});

export type SiteInput = z.input<typeof SITE_SCHEMA>;
export type Site = z.output<typeof SITE_SCHEMA>;
