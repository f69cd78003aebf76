/**
 * Link previews (docs/previews.md) in the shared request case table: each preview-bot family of
 * defaults/preview-bots.yaml gets the card of test/instance/custom/links/previews.yaml, ordinary
 * browsers and other bots the redirect exactly as before, and every field of the card is escaped.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { RequestCase } from "./requests.js";
import { UA } from "./requests-routes.js";

interface Entry {
  family: string;
  samples: string[];
}
const TABLE = new URL("../../defaults/preview-bots.yaml", import.meta.url);
const FAMILIES = (parse(readFileSync(TABLE, "utf8")) as Entry[]).map(
  (e) => [e.family, e.samples[0]] as const,
);

const DISCORD = FAMILIES.find(([family]) => family === "discord")?.[1] ?? "";
const ua = (agent: string) => ({ "user-agent": agent });
const HANDBOOK = "https://example.com/handbook.pdf";

const card = (name: string, path: string, agent: string, more: Partial<RequestCase> = {}) =>
  ({
    name: `previews: ${name}`,
    path,
    headers: ua(agent),
    status: 200,
    location: null,
    event: "preview",
    expectHeaders: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": /no-store/,
      "x-robots-tag": /noindex/,
      "content-security-policy": /default-src 'self'; script-src 'self'; style-src 'self'/,
      refresh: null,
    },
    ...more,
  }) as RequestCase;

const redirect = (name: string, path: string, location: string, agent?: string) =>
  ({
    name: `previews: ${name}`,
    path,
    ...(agent === undefined ? {} : { headers: ua(agent) }),
    status: 302,
    location,
    event: "redirect",
  }) as RequestCase;

/** The whole card of /card: og: and twitter: tags, the short link as og:url, the visible target. */
const HANDBOOK_CARD = new RegExp(
  [
    '<meta property="og:url" content="[^"]*/card">',
    '<meta property="og:title" content="The team handbook">',
    '<meta property="og:description" content="Everything a new colleague needs in the first week.">',
    '<meta property="og:image" content="[^"]*/cards/docs.png">',
    '<meta name="twitter:card" content="summary_large_image">',
    '<meta name="twitter:title" content="The team handbook">',
    "[\\s\\S]*</head>[\\s\\S]*<h1>The team handbook</h1>",
    '[\\s\\S]*<a href="https://example.com/handbook.pdf" rel="noreferrer noopener">',
  ].join("[\\s\\S]*"),
);

export const PREVIEW_CASES: RequestCase[] = [
  ...FAMILIES.map(([family, agent]) =>
    card(`the ${family} preview bot gets the card, not the redirect`, "/card", agent, {
      expectBody: HANDBOOK_CARD,
    }),
  ),
  card("a HEAD from a preview bot gets the card's headers and no body", "/card", UA.slack, {
    method: "HEAD",
  }),
  redirect("an iPhone gets the redirect as before", "/card", HANDBOOK, UA.iphone),
  redirect("Android Chrome gets the redirect", "/card", HANDBOOK, UA.androidPhone),
  redirect("Firefox gets the redirect", "/card", HANDBOOK, UA.firefoxWindows),
  redirect("Edge gets the redirect", "/card", HANDBOOK, UA.edgeWindows),
  redirect(
    "Googlebot, a bot but no preview bot, gets the redirect",
    "/card",
    HANDBOOK,
    UA.googlebot,
  ),
  redirect("curl gets the redirect", "/card", HANDBOOK, UA.curl),
  redirect("no User-Agent gets the redirect", "/card", HANDBOOK),
  // The answer cache: the browsers above got the redirect of this very URL; a bot still gets the card.
  card("after people got the redirect, a preview bot still gets the card", "/card", UA.slack, {
    expectBody: HANDBOOK_CARD,
  }),
  card("an https image is og:image as written", "/card-remote", UA.slack, {
    expectBody:
      /<meta property="og:image" content="https:\/\/images.example.com\/cards\/login.png">/,
  }),
  card(
    'every field is escaped: a title holding "><script> is inert text',
    "/card-hostile",
    UA.slack,
    {
      expectBody: new RegExp(
        [
          '<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert\\(1\\)&lt;/script&gt;">',
          '<meta property="og:description" content="&lt;/title&gt;&lt;img src=x onerror=alert\\(1\\)&gt; &amp; &#39;quotes&#39;">',
          '<meta property="og:image" content="https://images.example.com/a.png\\?x=&quot;&gt;&lt;script&gt;">',
          "<h1>&quot;&gt;&lt;script&gt;alert\\(1\\)&lt;/script&gt;</h1>",
          '<a href="https://example.com/\\?q=%3Cb%3E&amp;x=%22y%22"',
        ].join("[\\s\\S]*"),
      ),
    },
  ),
  card(
    "a splat's card names the path asked for as og:url, and the target with its remainder",
    "/deck/q3/plan",
    DISCORD,
    {
      expectBody:
        /og:url" content="[^"]*\/deck\/q3\/plan">[\s\S]*<a href="https:\/\/example.com\/deck\/q3\/plan"/,
    },
  ),
  card(
    "routes: the card is the link's, the visible link the route this request takes",
    "/card-routed",
    UA.slack,
    {
      cf: { country: "FR" },
      expectBody: /<h1>Routed card<\/h1>[\s\S]*<a href="https:\/\/example.com\/fr"/,
    },
  ),
  redirect(
    "routes: a person still gets the route",
    "/card-routed",
    "https://example.com/world",
    UA.iphone,
  ),
  {
    name: "previews: the lookup result page shows the link's card, escaped",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "slug=card-hostile&lang=en",
    status: 200,
    http: true,
    expectBody:
      /Card in chats and posts:<\/span> &quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/,
  },
  {
    name: "previews: the lookup API gives the card",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ slug: "card" }),
    status: 200,
    http: true,
    expectBody: /"preview":\{"title":"The team handbook","description":"Everything/,
  },
  redirect(
    "a link without preview redirects a preview bot as before",
    "/docs",
    "https://docs.example.com/start",
    UA.slack,
  ),
];
