// What only the engine shows about analytics: workerd really runs the ctx.waitUntil delivery after
// the response, the edge metadata (`request.cf`) reaches the event data, and every event the built
// bundle sends passes each provider's own server-side rules (test/providers/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEnv, CHROME_UA, GOOGLEBOT_UA } from "../support/analytics-fixtures.js";
import { buildInstance, CASE_INSTANCE } from "../support/build-instance.js";
import { rybbitTrackSchema, rybbitTrusted } from "../providers/rybbit.js";
import { umamiVerdict } from "../providers/umami-v3.js";
import { startGatedCollector, type GatedCollector } from "./gated-collector.js";
import { startWorkerd, type Workerd, type WorkerdInit } from "./workerd.js";

let collector: GatedCollector;
let engine: Workerd;

beforeAll(async () => {
  collector = await startGatedCollector();
  const { out } = await buildInstance(CASE_INSTANCE);
  engine = await startWorkerd(out, {
    outbound: "loopback-only",
    vars: analyticsEnv(collector.url, {
      PROVIDER_B_COLLECTION_KEY: "rb_0123456789abcdef0123456789abcdef",
    }),
  });
});

afterAll(async () => {
  await engine?.dispose();
  await collector?.stop();
});

/** Sends one visitor request and returns the two collection requests it caused (gate open). */
async function eventsOf(path: string, cf?: Record<string, unknown>) {
  return eventsFor(path, { headers: { "user-agent": CHROME_UA }, cf });
}

async function eventsFor(path: string, init: WorkerdInit, origin?: string) {
  const before = collector.received.length;
  collector.open();
  const response = await engine.fetch(path, init, origin);
  const all = await collector.waitFor(before + 2);
  await collector.settled();
  const mine = all.slice(before);
  return {
    response,
    requests: mine,
    a: mine.find((r) => r.path === "/api/send")?.body as
      | {
          payload: {
            name?: string;
            title?: string;
            hostname?: string;
            data?: Record<string, unknown>;
          };
        }
      | undefined,
    b: mine.find((r) => r.path === "/api/track")?.body as
      | {
          type: string;
          event_name?: string;
          properties?: string;
          page_title?: string;
          hostname?: string;
        }
      | undefined,
  };
}

describe("ctx.waitUntil in workerd", () => {
  it("the redirect is answered while both collection requests are still open, and they complete afterwards", async () => {
    collector.close();
    const before = collector.received.length;
    const response = await engine.fetch("/docs", { headers: { "user-agent": CHROME_UA } });
    expect(response.status).toBe(302);
    const open = (await collector.waitFor(before + 2)).slice(before);
    expect(open.map((r) => r.path).sort()).toEqual(["/api/send", "/api/track"]);
    // Had the worker awaited delivery, it could only have answered after its timeout aborted them.
    expect(open.map((r) => ({ aborted: r.aborted, answered: r.answered }))).toEqual([
      { aborted: false, answered: false },
      { aborted: false, answered: false },
    ]);
    collector.open();
    // Had the worker fired and forgotten (no waitUntil), workerd would have cancelled them by now.
    const settled = (await collector.settled()).slice(before);
    expect(settled.map((r) => ({ aborted: r.aborted, answered: r.answered }))).toEqual([
      { aborted: false, answered: true },
      { aborted: false, answered: true },
    ]);
  });

  it.each([
    ["a redirect", "/docs", "redirect"],
    ["a short-link miss", "/nope", "short-link-miss"],
    ["an informational page (retired link)", "/old", "redirect"],
  ])("event for %s arrives from workerd at both providers", async (_what, path, name) => {
    const { a, b } = await eventsOf(path);
    expect(a?.payload.name).toBe(name);
    expect(b?.event_name).toBe(name);
  });

  it("a pageview arrives as provider A's native pageview (no name) and provider B's pageview", async () => {
    const { response, a, b } = await eventsOf("/lookup");
    expect(response.status).toBe(200);
    expect(a?.payload.name).toBeUndefined();
    expect(b?.type).toBe("pageview");
  });

  it.each([
    ["a product page", "/lookup", "Look up a short link · Case Table Links"],
    ["a product page in another language", "/fr/consultation", undefined],
    ["a custom HTML page", "/hello.html", "Hello"],
  ])("a pageview of %s (%s) carries the page's own <title>", async (_what, path, title) => {
    const { response, a, b } = await eventsOf(path);
    const html = await response.text();
    const own = /<title>([^<]*)<\/title>/.exec(html)?.[1].replace(/&amp;/g, "&");
    expect(own).toBeTruthy();
    if (title) expect(own).toBe(title);
    expect(a?.payload.title).toBe(own);
    expect(b?.page_title).toBe(own);
  });

  it("an event's hostname is the request's host (docs/domains.md); an unlisted host sends nothing", async () => {
    const init = { headers: { "user-agent": CHROME_UA } };
    const { response, a, b } = await eventsFor("/net-only", init, "https://go.example.net");
    expect(response.status).toBe(302);
    expect([a?.payload.hostname, b?.hostname]).toEqual(["go.example.net", "go.example.net"]);
    const before = collector.received.length;
    expect((await engine.fetch("/docs", init, "https://evil.example")).status).toBe(404);
    await eventsOf("/docs");
    const since = collector.received.slice(before);
    expect(
      since.map(
        (r) =>
          (r.body as { payload?: { hostname: string } }).payload?.hostname ??
          (r.body as { hostname: string }).hostname,
      ),
    ).toEqual(["links.example.com", "links.example.com"]);
  });

  it("a scanner probe sends nothing", async () => {
    const before = collector.received.length;
    const response = await engine.fetch("/wp-login.php");
    expect(response.status).toBe(404);
    // A later event proves the pipeline is live; everything that arrived since concerns it alone.
    await eventsOf("/docs");
    const since = collector.received
      .slice(before)
      .map((r) => r.body as { payload?: { url: string }; pathname?: string });
    expect(since.map((body) => body.payload?.url ?? body.pathname)).toEqual(["/docs", "/docs"]);
  });
});

describe("request.cf in workerd", () => {
  it.each([[{ country: "CH", colo: "ZRH" }], [{ country: "JP", colo: "NRT" }]])(
    "country and colo of %o reach both providers' event data",
    async (cf) => {
      const { a, b } = await eventsOf("/docs", cf);
      expect(a?.payload.data).toMatchObject(cf);
      expect(JSON.parse(b?.properties ?? "{}")).toMatchObject(cf);
    },
  );
});

const HOSTILE = {
  "user-agent": CHROME_UA,
  "accept-language": "en-" + Array(25).fill("abcdefg").join("-"),
  referer: `https://r.example/${"r".repeat(3000)}`,
};
const CAMPAIGN = `utm_campaign=${"c".repeat(300)}&utm_source=${encodeURIComponent("é".repeat(300))}&token=secret`;

describe("every event the bundle sends from workerd passes each provider's own rules", () => {
  it.each([
    ["pageview", "an ordinary visitor", "/lookup", {}],
    ["redirect", "an ordinary visitor", "/docs", {}],
    ["short-link-miss", "an ordinary visitor", "/nope", {}],
    [
      "lookup",
      "the lookup page's beacon",
      "/_analytics/lookup",
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": CHROME_UA },
        body: JSON.stringify({ slug: "docs", result: "found" }),
      },
    ],
    ["bot", "Googlebot", "/docs", { headers: { "user-agent": GOOGLEBOT_UA } }],
    ["redirect", "a hostile visitor", `/docs?${CAMPAIGN}`, { headers: HOSTILE }],
    ["pageview", "a hostile visitor", `/lookup?${CAMPAIGN}`, { headers: HOSTILE }],
    ["short-link-miss", "a hostile visitor", `/nope?${CAMPAIGN}`, { headers: HOSTILE }],
  ] as [string, string, string, WorkerdInit][])("%s from %s", async (event, _who, path, init) => {
    const { requests } = await eventsFor(path, {
      ...init,
      headers: { "user-agent": CHROME_UA, ...init.headers },
    });
    const a = requests.find((r) => r.path === "/api/send");
    const b = requests.find((r) => r.path === "/api/track");
    const verdict = umamiVerdict(a?.body, String(a?.headers["user-agent"]));
    expect(verdict.problems).toEqual([]);
    expect(verdict.recorded).toBe(true);
    expect(verdict.row?.event_name).toBe(event === "pageview" ? undefined : event);
    const parsed = rybbitTrackSchema.safeParse(b?.body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(rybbitTrusted(b?.headers as Record<string, string>)).toBe(true);
    expect(JSON.stringify([a?.body, b?.body])).not.toContain("secret");
  });
});

describe("X-Correlation-ID in workerd", () => {
  // Without cf-ray (plain workerd sets none) the id is a fresh UUID per request: the miss 404's
  // header, its reference line and the event all carry the same one, twice from memory too.
  it.each([1, 2])(
    "a miss 404's X-Correlation-ID is its event's correlation_id (visit %i)",
    async () => {
      const { response, a, b } = await eventsOf("/correlation-miss");
      const id = response.headers.get("x-correlation-id");
      expect(response.status).toBe(404);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.text()).toContain(`Reference: ${id}`);
      expect(a?.payload.data?.correlation_id).toBe(id);
      expect(JSON.parse(b?.properties ?? "{}").correlation_id).toBe(id);
    },
  );
});
