/**
 * Every event kind, for ordinary and hostile visitors, is accepted and stored by each provider's
 * own server-side rules (Umami 3's /api/send schema and columns, Rybbit's strict tracking schema),
 * copied into test/providers/ with their source and version.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  RYBBIT_SOURCE,
  rybbitIdentity,
  rybbitLegacyTrackSchema,
  rybbitTrackSchema,
} from "../../test/providers/rybbit.js";
import { UMAMI_SOURCE, umamiVerdict } from "../../test/providers/umami-v3.js";
import { buildAnalyticsRequests, parseAnalyticsConfig, type EventFacts } from "./index.js";
import {
  analyticsEnv,
  CHROME_UA,
  GOOGLEBOT_UA,
  visitorRequest,
  type VisitorOptions,
} from "../../test/support/analytics-fixtures.js";

const KEY = "rb_0123456789abcdef0123456789abcdef";
const REDIRECT: EventFacts = {
  kind: "redirect",
  slug: "docs",
  target_host: "docs.example.com",
  effective_state: "active",
  schedule_label: "spring",
  redirect_status: 302,
};

const KINDS: { event: string; facts: EventFacts; ua?: string }[] = [
  { event: "pageview", facts: { kind: "pageview", title: "Look up a short link · Links" } },
  { event: "redirect", facts: REDIRECT },
  { event: "short-link-miss", facts: { kind: "short-link-miss" } },
  { event: "lookup", facts: { kind: "lookup", slug: "docs", lookup_result: "found" } },
  { event: "bot", facts: REDIRECT, ua: GOOGLEBOT_UA },
];

const LONG = "x".repeat(3000);
const enc = encodeURIComponent;
const HOSTILE: { visitor: string; options: VisitorOptions; title?: string }[] = [
  { visitor: "an ordinary visitor", options: { path: "/docs?utm_source=mail" } },
  {
    visitor: "a 200-character Accept-Language tag",
    options: { headers: { "accept-language": "en-" + Array(25).fill("abcdefg").join("-") } },
  },
  {
    visitor: "a 40-character tag that is valid BCP 47",
    options: { headers: { "accept-language": "zh-Hant-TW-u-co-pinyin-x-private1-abc;q=0.9" } },
  },
  { visitor: "Accept-Language *", options: { headers: { "accept-language": "*" } } },
  { visitor: "Accept-Language en_US", options: { headers: { "accept-language": "en_US,en" } } },
  {
    visitor: "Accept-Language with only q-values and garbage",
    options: { headers: { "accept-language": ";q=0.9,,, ;;=" } },
  },
  {
    visitor: "a non-ASCII Accept-Language",
    options: { headers: { "accept-language": "français" } },
  },
  { visitor: "no Accept-Language", options: { headers: { "accept-language": "" } } },
  {
    visitor: "a 300-character utm_campaign",
    options: { path: `/docs?utm_campaign=${"c".repeat(300)}` },
  },
  {
    visitor: "300 non-ASCII characters in utm_source",
    options: { path: `/docs?utm_source=${enc("é".repeat(300))}` },
  },
  {
    visitor: "200 emoji in utm_content",
    options: { path: `/docs?utm_content=${enc("😀".repeat(200))}` },
  },
  {
    visitor: "every campaign parameter and click id 1000 characters long",
    options: {
      path:
        "/docs?" +
        [
          "utm_source",
          "utm_medium",
          "utm_campaign",
          "utm_term",
          "utm_content",
          "gclid",
          "fbclid",
          "msclkid",
          "ttclid",
          "li_fat_id",
          "twclid",
        ]
          .map((key) => `${key}=${"日".repeat(1000)}`)
          .join("&"),
    },
  },
  {
    visitor: "a 3000-character referrer",
    options: { headers: { referer: `https://r.example/${LONG}?q=${LONG}` } },
  },
  { visitor: "a 3000-character path", options: { path: `/${LONG}` } },
  { visitor: "a long non-ASCII path", options: { path: `/${enc("日本語".repeat(300))}` } },
  { visitor: "a 3000-character secret query", options: { path: `/docs?token=${LONG}&utm_id=7` } },
  {
    visitor: "a 2000-character User-Agent",
    options: { headers: { "user-agent": `${CHROME_UA} ${"x".repeat(2000)}` } },
  },
  { visitor: "broken percent-escapes", options: { path: "/a%ZZ?utm_source=%E0%A4%A&x=%" } },
  {
    visitor: "a 3000-character non-ASCII page title",
    options: { path: "/lookup" },
    title: "Ünïcödé %41 100% ".repeat(200),
  },
];

/** What an HTTP header value can carry: visible Latin-1 and spaces (no controls). */
const HEADER_CHAR = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((code) => code < 0x7f || code > 0x9f)
  .map((code) => String.fromCharCode(code));

/** Well-formed language tags of any length: `xx-subtag-...;q=0.8, ...`. */
const LANGUAGE_TAGS = fc
  .tuple(
    fc.stringMatching(/^[a-zA-Z]{1,8}$/),
    fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/), { maxLength: 20 }),
  )
  .map(([first, rest]) => [first, ...rest].join("-") + ";q=0.9, en");

const config = parseAnalyticsConfig(
  analyticsEnv("https://collect.example.com", { PROVIDER_B_COLLECTION_KEY: KEY }),
);

function send(options: VisitorOptions, facts: EventFacts) {
  const [a, b] = buildAnalyticsRequests(visitorRequest(options), config, facts);
  return { a, b, aBody: JSON.parse(a.body), bBody: JSON.parse(b.body) };
}

describe(`provider A: ${UMAMI_SOURCE}`, () => {
  const cases = KINDS.flatMap((kind) => HOSTILE.map((row) => ({ ...kind, ...row })));
  it.each(cases)(
    "$event from $visitor: accepted (200) and stored",
    ({ facts, options, ua, title }) => {
      const headers = { ...options.headers, ...(ua ? { "user-agent": ua } : {}) };
      const withTitle = title && facts.kind === "pageview" ? { ...facts, title } : facts;
      const { a, aBody } = send({ ...options, headers }, withTitle);
      const verdict = umamiVerdict(aBody, a.headers["user-agent"]);
      expect(verdict.problems).toEqual([]);
      expect(verdict).toMatchObject({ status: 200, recorded: true });
    },
  );

  it("a campaign value too long for its column is cut, not dropped: the event keeps its campaign", () => {
    const { a, aBody } = send({ path: `/docs?utm_campaign=${"c".repeat(300)}` }, REDIRECT);
    expect(umamiVerdict(aBody, a.headers["user-agent"]).row?.utm_campaign).toBe("c".repeat(255));
  });

  it("a long valid language tag keeps its leading subtags", () => {
    const { aBody } = send(
      { headers: { "accept-language": "zh-Hant-TW-u-co-pinyin-x-private1-abc" } },
      REDIRECT,
    );
    expect(aBody.payload.language).toBe("zh-Hant-TW-u-co-pinyin-x-private1");
  });

  it("property: any Accept-Language, query and referrer is accepted and stored", () => {
    fc.assert(
      fc.property(
        fc.oneof(LANGUAGE_TAGS, fc.string({ maxLength: 300, unit: HEADER_CHAR })),
        fc.oneof(
          fc.string({ maxLength: 600, unit: "grapheme-ascii" }),
          fc.string({ maxLength: 600, unit: "grapheme" }),
        ),
        fc.string({ maxLength: 600, unit: "grapheme" }),
        (language, campaign, referrerPath) => {
          const path = `/docs?utm_campaign=${enc(campaign)}&gclid=${enc(campaign)}`;
          const headers = {
            "accept-language": language,
            referer: `https://r.example/${enc(referrerPath)}`,
          };
          const { a, aBody } = send({ path, headers }, REDIRECT);
          expect(umamiVerdict(aBody, a.headers["user-agent"]).problems).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe(`provider B: ${RYBBIT_SOURCE}`, () => {
  const cases = KINDS.flatMap((kind) => HOSTILE.map((row) => ({ ...kind, ...row })));
  it.each(cases)(
    "$event from $visitor: the strict schema accepts it",
    ({ facts, options, ua, title }) => {
      const headers = { ...options.headers, ...(ua ? { "user-agent": ua } : {}) };
      const withTitle = title && facts.kind === "pageview" ? { ...facts, title } : facts;
      const { bBody } = send({ ...options, headers }, withTitle);
      const parsed = rybbitTrackSchema.safeParse(bBody);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    },
  );

  it("with the collection key, Rybbit files the event under the visitor's browser and an anonymised IP", () => {
    const { b, bBody } = send({ path: "/docs" }, REDIRECT);
    expect(b.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(rybbitIdentity(bBody, b.headers, "2a06:98c0:3600::103")).toEqual({
      ip: "203.0.113.0",
      userAgent: CHROME_UA,
    });
  });

  it("the minimum version: the strict schema of v1.3 (June 2025) refuses the payload (anonymous_id)", () => {
    const { bBody } = send({ path: "/docs" }, REDIRECT);
    const parsed = rybbitLegacyTrackSchema.safeParse(bBody);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.code)).toEqual(["unrecognized_keys"]);
    expect(JSON.stringify(parsed.error?.issues)).toContain("anonymous_id");
  });

  it("a bot's event never carries the bot's own User-Agent", () => {
    const { b, bBody } = send({ headers: { "user-agent": GOOGLEBOT_UA } }, REDIRECT);
    expect(JSON.stringify(bBody)).not.toContain("Googlebot");
    expect(b.headers["user-agent"]).not.toContain("Googlebot");
  });
});
