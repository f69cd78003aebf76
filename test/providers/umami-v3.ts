/**
 * Provider A's own server-side rules, transcribed from Umami 3 for tests: what POST /api/send
 * refuses (400), drops silently (bots), or fails to store (500 from PostgreSQL).
 *
 * Source: https://github.com/umami-software/umami, the 3.x line (3.0, 3.1):
 * - `src/app/api/send/route.ts`: the request `schema` (zod 4: `z.uuid()` checks the version and
 *   variant bits), the isbot check on the User-Agent, and how the event is derived from `url`:
 *   `utm_*` and click ids come from `new URL(url, "https://" + hostname).searchParams` and are
 *   stored as they are.
 * - `src/lib/schema.ts`: `urlOrPathParam` (anything `new URL(value, "https://localhost")` parses),
 *   `anyObjectParam`.
 * - `prisma/schema.prisma` at commit 33cb195fd010b88b357caa27d40cf70ed7b154ef: the column sizes
 *   of `website_event`, `session` and `event_data` below.
 *
 * The fixture does not count on Umami cutting anything itself: every value must fit its column.
 */
import { isbot } from "isbot";
import { z } from "zod";

export const UMAMI_SOURCE =
  "umami-software/umami 3.x: src/app/api/send/route.ts, src/lib/schema.ts, prisma/schema.prisma@33cb195";

const urlOrPathParam = z.string().refine((value) => {
  try {
    new URL(value, "https://localhost");
    return true;
  } catch {
    return false;
  }
});
const anyObjectParam = z.object({}).passthrough();

/** `schema` of src/app/api/send/route.ts (Umami 3.x). */
export const umamiSendSchema = z.object({
  type: z.enum(["event", "identify"]),
  payload: z
    .object({
      website: z.uuid().optional(),
      link: z.uuid().optional(),
      pixel: z.uuid().optional(),
      data: anyObjectParam.optional(),
      hostname: z.string().max(100).optional(),
      language: z.string().max(35).optional(),
      referrer: urlOrPathParam.optional(),
      screen: z.string().max(11).optional(),
      title: z.string().optional(),
      url: urlOrPathParam.optional(),
      name: z.string().max(50).optional(),
      tag: z.string().max(50).optional(),
      ip: z.string().optional(),
      userAgent: z.string().optional(),
      timestamp: z.coerce.number().int().optional(),
      id: z.string().optional(),
    })
    .refine((data) => [data.website, data.link, data.pixel].filter(Boolean).length === 1, {
      message: "Exactly one of website, link, or pixel must be provided",
      path: ["website"],
    }),
});

/** VarChar sizes (characters) from prisma/schema.prisma@33cb195. */
export const UMAMI_COLUMNS = {
  url_path: 500,
  url_query: 500,
  utm_source: 255,
  utm_medium: 255,
  utm_campaign: 255,
  utm_content: 255,
  utm_term: 255,
  referrer_path: 500,
  referrer_query: 500,
  referrer_domain: 500,
  page_title: 500,
  gclid: 255,
  fbclid: 255,
  msclkid: 255,
  ttclid: 255,
  li_fat_id: 255,
  twclid: 255,
  event_name: 50,
  tag: 50,
  hostname: 100,
  "session.language": 35,
  "event_data.data_key": 500,
  "event_data.string_value": 500,
} as const;

type Column = keyof typeof UMAMI_COLUMNS;

export interface UmamiVerdict {
  /** What Umami answers: 400 (schema), 500 (a value does not fit its column), 200 otherwise. */
  status: 200 | 400 | 500;
  /** False when the event is not stored (refused, failed, or a bot dropped with 200). */
  recorded: boolean;
  problems: string[];
  /** The stored values, by column, when recorded. */
  row?: Partial<Record<Column, string>>;
}

const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;
const CLICK_IDS = ["gclid", "fbclid", "msclkid", "ttclid", "li_fat_id", "twclid"] as const;

/** Characters as PostgreSQL counts them (code points). */
const chars = (value: string) => [...value].length;

function safeDecode(decode: (s: string) => string, value: string | undefined) {
  if (value === undefined) return undefined;
  try {
    return decode(value);
  } catch {
    return value;
  }
}

/** Umami 3's answer to one collection request (`body` as sent, `userAgent` the request's header). */
export function umamiVerdict(body: unknown, userAgent: string): UmamiVerdict {
  const parsed = umamiSendSchema.safeParse(body);
  if (!parsed.success)
    return {
      status: 400,
      recorded: false,
      problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    };
  const { type, payload } = parsed.data;
  if (isbot(payload.userAgent ?? userAgent))
    return { status: 200, recorded: false, problems: ["bot User-Agent: dropped"] };
  if (type !== "event") return { status: 200, recorded: true, problems: [] };

  const row: Partial<Record<Column, string>> = {};
  const set = (column: Column, value: string | null | undefined) => {
    if (value !== null && value !== undefined) row[column] = value;
  };
  try {
    const base = payload.hostname ? `https://${payload.hostname}` : "https://localhost";
    const url = new URL(payload.url ?? "", base);
    const path = url.pathname === "/undefined" ? "" : url.pathname + url.hash;
    set("url_path", safeDecode(decodeURI, path));
    set("url_query", url.search.substring(1));
    for (const key of [...UTM, ...CLICK_IDS]) set(key, url.searchParams.get(key));
    if (payload.referrer) {
      const referrer = new URL(payload.referrer, base);
      set("referrer_path", safeDecode(decodeURI, referrer.pathname));
      set("referrer_query", referrer.search.substring(1));
      set("referrer_domain", referrer.hostname.replace(/^www\./, ""));
    }
    set("page_title", safeDecode(decodeURIComponent, payload.title));
    set("event_name", payload.name);
    set("tag", payload.tag);
    set("hostname", payload.hostname || url.hostname.replace(/^www\./, ""));
    set("session.language", payload.language);
  } catch (error) {
    return { status: 500, recorded: false, problems: [`route threw: ${String(error)}`] };
  }
  const problems = (Object.keys(row) as Column[])
    .filter((column) => chars(row[column] as string) > UMAMI_COLUMNS[column])
    .map((column) => `${column}: value too long for character varying(${UMAMI_COLUMNS[column]})`);
  for (const [key, value] of flatten(payload.data ?? {})) {
    if (chars(key) > UMAMI_COLUMNS["event_data.data_key"]) problems.push(`event_data key ${key}`);
    if (typeof value === "string" && chars(value) > UMAMI_COLUMNS["event_data.string_value"])
      problems.push(`event_data.string_value of ${key}: value too long`);
  }
  return problems.length > 0
    ? { status: 500, recorded: false, problems }
    : { status: 200, recorded: true, problems, row };
}

/** Umami's flattenJSON: nested keys joined with dots. */
function flatten(data: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(data).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}
