/**
 * Routes (docs/routes.md) in the shared request case table: a case per condition kind and per
 * rule (AND, OR, not, first match, default, missing facts), over the links of
 * test/instance/custom/links/routes.yaml. `cf` is `request.cf` as Cloudflare sets it; `at` and
 * `draw` are the clock and the split draw, for the runners that can set them.
 */
import type { RequestCase } from "./requests.js";

export const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipadDesktop:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  firefoxWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  curl: "curl/8.5.0",
};

const to = (name: string, path: string, location: string, more: Partial<RequestCase> = {}) =>
  ({
    name: `routes: ${name}`,
    path,
    status: 302,
    location,
    event: "redirect",
    ...more,
  }) as RequestCase;
const ua = (agent: string) => ({ headers: { "user-agent": agent } });
const lang = (value: string) => ({ headers: { "accept-language": value } });
const WORLD = "https://example.com/world";

export const ROUTE_CASES: RequestCase[] = [
  // country, continent, region, asn: request.cf
  to("country: a listed country takes the route", "/r/country", "https://example.com/fr-be", {
    cf: { country: "FR" },
  }),
  to("OR: another value of the list takes it too", "/r/country", "https://example.com/fr-be", {
    cf: { country: "BE" },
  }),
  to("default: no route holds, the link's target answers", "/r/country", WORLD, {
    cf: { country: "DE" },
  }),
  to("missing facts: no country never matches a country", "/r/country", WORLD),
  to("missing facts: XX (Cloudflare could not tell) is no country", "/r/country", WORLD, {
    cf: { country: "XX" },
  }),
  to("continent: EU", "/r/continent", "https://example.com/europe", {
    cf: { country: "DE", continent: "EU" },
  }),
  to("continent: another continent gets the default", "/r/continent", WORLD, {
    cf: { continent: "NA" },
  }),
  to("region: the country and cf.regionCode make US-TX", "/r/region", "https://example.com/texas", {
    cf: { country: "US", regionCode: "TX" },
  }),
  to("region: a region code of another country is another region", "/r/region", WORLD, {
    cf: { country: "MX", regionCode: "TX" },
  }),
  to("asn: the visitor's network", "/r/asn", "https://example.com/as13335", { cf: { asn: 13335 } }),
  to("asn: another network gets the default", "/r/asn", WORLD, { cf: { asn: 15169 } }),
  // ip: CF-Connecting-IP
  to("ip: an address inside an IPv4 block", "/r/ip", "https://example.com/office", {
    headers: { "cf-connecting-ip": "192.0.2.77" },
  }),
  to("ip: an address inside an IPv6 block", "/r/ip", "https://example.com/office", {
    headers: { "cf-connecting-ip": "2001:db8:1::5" },
  }),
  to(
    "ip: an IPv4-mapped IPv6 address counts as its IPv4 address",
    "/r/ip",
    "https://example.com/office",
    { headers: { "cf-connecting-ip": "::ffff:192.0.2.9" } },
  ),
  to("ip: an address outside every block gets the default", "/r/ip", WORLD, {
    headers: { "cf-connecting-ip": "198.51.100.4" },
  }),
  // language: the visitor's preference decides, not the route order
  to(
    "language: the visitor prefers fr, so the fr route wins over the first",
    "/r/lang",
    "https://example.com/fr",
    lang("en;q=0.9, fr"),
  ),
  to(
    "language: a tag no route serves is passed over (es, then fr)",
    "/r/lang",
    "https://example.com/fr",
    lang("es, fr;q=0.5"),
  ),
  to("language: fr covers fr-CH", "/r/lang", "https://example.com/fr", lang("fr-CH")),
  to(
    "language: the first of equal weights is taken",
    "/r/lang",
    "https://example.com/en",
    lang("en, fr"),
  ),
  to("language: q=0 is dropped", "/r/lang", "https://example.com/en", lang("fr;q=0, en;q=0.1")),
  to("language: no tag any route serves gets the default", "/r/lang", WORLD, lang("de")),
  to("missing facts: no Accept-Language gets the default", "/r/lang", WORLD),
  // device, os, browser, bot: User-Agent
  to("device: an iPhone is ios", "/r/device", "https://example.com/ios", ua(UA.iphone)),
  to("device: an iPad is a tablet", "/r/device", "https://example.com/tablet", ua(UA.ipad)),
  to(
    "device: an iPad with the desktop Safari UA is a desktop",
    "/r/device",
    "https://example.com/desktop",
    ua(UA.ipadDesktop),
  ),
  to(
    "device: an Android phone is mobile",
    "/r/device",
    "https://example.com/mobile",
    ua(UA.androidPhone),
  ),
  to(
    "device: an Android tablet is a tablet",
    "/r/device",
    "https://example.com/tablet",
    ua(UA.androidTablet),
  ),
  // An HTTP client adds its own User-Agent when none is given: an empty one is none.
  to("missing facts: no User-Agent matches no device", "/r/device", WORLD, ua("")),
  to(
    "AND: os and browser both hold",
    "/r/agent",
    "https://example.com/firefox-on-windows",
    ua(UA.firefoxWindows),
  ),
  to(
    "browser: Edge is edge, not chrome",
    "/r/agent",
    "https://example.com/chromium",
    ua(UA.edgeWindows),
  ),
  to("os: an unrecognised User-Agent matches no browser", "/r/agent", WORLD, ua(UA.curl)),
  to("bot: a link-preview fetcher is preview", "/r/bot", "https://example.com/card", ua(UA.slack)),
  to("bot: a search crawler is a bot", "/r/bot", "https://example.com/bots", ua(UA.googlebot)),
  to("bot: a browser is no bot", "/r/bot", WORLD, ua(UA.iphone)),
  // query
  to("query: a listed value", "/r/query?ref=newsletter", "https://example.com/newsletter"),
  to("query: values compare decoded", "/r/query?r%65f=%6Dail", "https://example.com/newsletter"),
  to(
    "query: true is present, false absent (both must hold)",
    "/r/query?debug",
    "https://example.com/debug",
  ),
  to("query: a present parameter fails false", "/r/query?debug=1&ref=other", WORLD),
  // time: weekly windows in a zone, across daylight-saving changes
  to("time: a weekday inside the window", "/r/time", "https://example.com/desk", {
    at: "2026-06-10T09:30:00+02:00",
  }),
  to("time: a weekday outside the window", "/r/time", "https://example.com/closed", {
    at: "2026-06-10T17:00:00+02:00",
  }),
  to("time: past midnight, the night of a named day", "/r/time", "https://example.com/late", {
    at: "2026-06-13T01:30:00+02:00",
  }),
  to(
    "time: past midnight does not start on an unnamed day",
    "/r/time",
    "https://example.com/closed",
    { at: "2026-06-14T01:30:00+02:00" },
  ),
  ...dstCases(),
  to(
    "time: tz visitor reads request.cf.timezone",
    "/r/visitor-zone",
    "https://example.com/zone-known",
    { cf: { timezone: "Asia/Tokyo" } },
  ),
  to("missing facts: tz visitor without a zone never holds", "/r/visitor-zone", WORLD),
  // after and before
  to("after/before: inside the dates", "/r/dates", "https://example.com/launch-week", {
    at: "2027-03-02T12:00:00Z",
  }),
  to("before: the end is excluded", "/r/dates", "https://example.com/since-2000", {
    at: "2027-03-08T00:00:00Z",
  }),
  to("after: since a past date, any runner's clock", "/r/dates", "https://example.com/since-2000"),
  // not, AND, first match
  to("not: a country outside the list", "/r/not", "https://example.com/outside-north-america", {
    cf: { country: "FR" },
  }),
  to("not: a country inside the list", "/r/not", WORLD, { cf: { country: "US" } }),
  to("missing facts: not of a missing fact never matches either", "/r/not", WORLD),
  to("AND: both conditions hold", "/r/and", "https://example.com/fr-iphone", {
    cf: { country: "FR" },
    ...ua(UA.iphone),
  }),
  to("AND: one condition fails", "/r/and", WORLD, {
    cf: { country: "FR" },
    ...ua(UA.androidPhone),
  }),
  to("first match: the first route that holds answers", "/r/first", "https://example.com/first", {
    cf: { country: "FR", continent: "EU" },
  }),
  to(
    "first match: a later route answers when the first fails",
    "/r/first",
    "https://example.com/second",
    { cf: { country: "DE", continent: "EU" } },
  ),
  // split
  to("split: a draw in the first share", "/r/split", "https://a.example.com/", {
    draw: 0.5,
    locations: ["https://a.example.com/", "https://b.example.com/"],
  }),
  to("split: a draw in the second share", "/r/split", "https://b.example.com/", {
    draw: 0.75,
    locations: ["https://a.example.com/", "https://b.example.com/"],
  }),
  // splat links take the remainder into a route's target; answers are never cached
  to(
    "splat: a route's target takes the remainder",
    "/r/splat/guide/intro",
    "https://example.com/fr/docs/guide/intro",
    { cf: { country: "FR" } },
  ),
  to(
    "splat: the default keeps the remainder too",
    "/r/splat/guide/intro",
    "https://example.com/docs/guide/intro",
  ),
  to(
    "placeholder: a route's target takes the captured value",
    "/r/ph/42",
    "https://example.com/fr/items/42",
    { cf: { country: "FR" } },
  ),
  to("placeholder: the default takes it too", "/r/ph/42", "https://example.com/items/42"),
  {
    name: "routes: a link with routes is sent no-store",
    path: "/r/country",
    status: 302,
    http: true,
    expectHeaders: { "cache-control": "no-store" },
  },
];

/**
 * Daily 09:00-17:00 windows in three zones, asked at fixed instants around each zone's changes in
 * 2026: the same UTC time of day falls inside the window on one side of a change and outside on
 * the other. Lord Howe moves by 30 minutes.
 */
function dstCases(): RequestCase[] {
  const open = "https://example.com/open";
  const closed = "https://example.com/closed";
  const at = (zone: string, instant: string, location: string, note: string) =>
    to(
      `DST ${zone}: ${instant} is ${note}`,
      `/r/dst-${zone.toLowerCase().replace(/_/g, "-").split("/")[1]}`,
      location,
      { at: instant },
    );
  return [
    at("Europe/Paris", "2026-03-28T07:30:00Z", closed, "08:30 CET, before opening"),
    at("Europe/Paris", "2026-03-29T07:30:00Z", open, "09:30 CEST, the day clocks went forward"),
    at("Europe/Paris", "2026-10-24T07:30:00Z", open, "09:30 CEST"),
    at("Europe/Paris", "2026-10-25T07:30:00Z", closed, "08:30 CET, the day clocks went back"),
    at("America/New_York", "2026-03-07T13:30:00Z", closed, "08:30 EST"),
    at("America/New_York", "2026-03-08T13:30:00Z", open, "09:30 EDT, the day clocks went forward"),
    at("America/New_York", "2026-10-31T13:30:00Z", open, "09:30 EDT"),
    at("America/New_York", "2026-11-01T13:30:00Z", closed, "08:30 EST, the day clocks went back"),
    at("Australia/Lord_Howe", "2026-04-03T22:15:00Z", open, "09:15 at +11"),
    at(
      "Australia/Lord_Howe",
      "2026-04-04T22:15:00Z",
      closed,
      "08:45 at +10:30, after the half-hour back",
    ),
    at("Australia/Lord_Howe", "2026-10-02T22:15:00Z", closed, "08:45 at +10:30"),
    at(
      "Australia/Lord_Howe",
      "2026-10-03T22:15:00Z",
      open,
      "09:15 at +11, after the half-hour forward",
    ),
  ];
}
