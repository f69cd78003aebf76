/**
 * The exact JSON each provider receives, checked on a real local HTTP collector:
 * one row per event kind (docs/analytics.md: what provider A and provider B receive).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  collectFrom,
  startCollector,
  type Collector,
  type ReceivedRequest,
} from "../../test/support/collector.js";
import { sendAnalytics, type EventFacts } from "./index.js";
import {
  analyticsEnv,
  CF_RAY,
  CHROME_UA,
  SITE_ID,
  visitorRequest,
  WEBSITE_ID,
} from "../../test/support/analytics-fixtures.js";

let collector: Collector;
beforeAll(async () => {
  collector = await startCollector();
});
afterAll(() => collector.close());
afterEach(() => {
  vi.restoreAllMocks();
});
beforeEach(() => {
  collector.received.length = 0;
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function collect(c: Collector, request: Request, facts: EventFacts) {
  const got = await collectFrom(c, (ctx) =>
    sendAnalytics(request, analyticsEnv(c.url), ctx, facts),
  );
  return {
    a: got.get("/api/send") as ReceivedRequest,
    b: got.get("/api/track") as ReceivedRequest,
  };
}

const base = {
  website: WEBSITE_ID,
  hostname: "go.example.org",
  language: "fr-CH",
  referrer: "https://news.example.net/post/1",
  ip: "203.0.113.0",
};
const edge = { country: "CH", colo: "ZRH", correlation_id: CF_RAY };
const bBase = {
  site_id: SITE_ID,
  hostname: "go.example.org",
  referrer: "https://news.example.net/post/1",
  language: "fr-CH",
};

const CASES: { rule: string; path: string; facts: EventFacts; a: object; b: object }[] = [
  {
    rule: "pageview is a native pageview: no name, no data; provider B type pageview",
    path: "/fr/consultation?utm_source=mail&token=s3cret",
    facts: { kind: "pageview", title: "Consultation" },
    a: {
      type: "event",
      payload: {
        ...base,
        url: "/fr/consultation?utm_source=mail",
        title: "Consultation",
      },
    },
    b: {
      type: "pageview",
      ...bBase,
      pathname: "/fr/consultation",
      querystring: "?utm_source=mail",
      page_title: "Consultation",
    },
  },
  {
    rule: "redirect is a named event with slug, target host, state, schedule label, status",
    path: "/docs?utm_campaign=spring&x=1",
    facts: {
      kind: "redirect",
      slug: "docs",
      target_host: "docs.example.com",
      effective_state: "active",
      schedule_label: "spring",
      redirect_status: 302,
    },
    a: {
      type: "event",
      payload: {
        ...base,
        url: "/docs?utm_campaign=spring",
        name: "redirect",
        data: {
          type: "redirect",
          slug: "docs",
          target_host: "docs.example.com",
          effective_state: "active",
          schedule_label: "spring",
          redirect_status: 302,
          ...edge,
          path: "/docs",
          query: "utm_campaign=spring",
        },
      },
    },
    b: {
      type: "custom_event",
      ...bBase,
      pathname: "/docs",
      querystring: "?utm_campaign=spring",
      event_name: "redirect",
      properties: JSON.stringify({
        type: "redirect",
        slug: "docs",
        target_host: "docs.example.com",
        effective_state: "active",
        schedule_label: "spring",
        redirect_status: 302,
        ...edge,
        path: "/docs",
        query: "utm_campaign=spring",
      }),
    },
  },
  {
    rule: "a redirect of a link with routes names the route and the split variant",
    path: "/app",
    facts: {
      kind: "redirect",
      slug: "app",
      target_host: "b.example.com",
      effective_state: "active",
      route: "launch",
      variant: "2",
      redirect_status: 302,
    },
    a: {
      type: "event",
      payload: {
        ...base,
        url: "/app",
        name: "redirect",
        data: {
          type: "redirect",
          slug: "app",
          target_host: "b.example.com",
          effective_state: "active",
          route: "launch",
          variant: "2",
          redirect_status: 302,
          ...edge,
          path: "/app",
        },
      },
    },
    b: {
      type: "custom_event",
      ...bBase,
      pathname: "/app",
      querystring: "",
      event_name: "redirect",
      properties: JSON.stringify({
        type: "redirect",
        slug: "app",
        target_host: "b.example.com",
        effective_state: "active",
        route: "launch",
        variant: "2",
        redirect_status: 302,
        ...edge,
        path: "/app",
      }),
    },
  },
  {
    rule: "a redirect that failed closed carries its redirect error",
    path: "/gh/a%20b",
    facts: { kind: "redirect", slug: "gh/*", effective_state: "active", redirect_error: "SL205" },
    a: {
      type: "event",
      payload: {
        ...base,
        url: "/gh/a%20b",
        name: "redirect",
        data: {
          type: "redirect",
          slug: "gh/*",
          effective_state: "active",
          redirect_error: "SL205",
          ...edge,
          path: "/gh/a%20b",
        },
      },
    },
    b: {
      type: "custom_event",
      ...bBase,
      pathname: "/gh/a%20b",
      querystring: "",
      event_name: "redirect",
      properties: JSON.stringify({
        type: "redirect",
        slug: "gh/*",
        effective_state: "active",
        redirect_error: "SL205",
        ...edge,
        path: "/gh/a%20b",
      }),
    },
  },
  {
    rule: "short-link-miss is a named event with the requested path",
    path: "/nope",
    facts: { kind: "short-link-miss" },
    a: {
      type: "event",
      payload: {
        ...base,
        url: "/nope",
        name: "short-link-miss",
        data: { type: "short-link-miss", ...edge, path: "/nope" },
      },
    },
    b: {
      type: "custom_event",
      ...bBase,
      pathname: "/nope",
      querystring: "",
      event_name: "short-link-miss",
      properties: JSON.stringify({ type: "short-link-miss", ...edge, path: "/nope" }),
    },
  },
  {
    rule: "lookup is a named event with the slug and lookup result",
    path: "/_analytics/lookup",
    facts: { kind: "lookup", slug: "docs", lookup_result: "found" },
    a: {
      type: "event",
      payload: {
        ...base,
        url: "/_analytics/lookup",
        name: "lookup",
        data: {
          type: "lookup",
          slug: "docs",
          lookup_result: "found",
          ...edge,
          path: "/_analytics/lookup",
        },
      },
    },
    b: {
      type: "custom_event",
      ...bBase,
      pathname: "/_analytics/lookup",
      querystring: "",
      event_name: "lookup",
      properties: JSON.stringify({
        type: "lookup",
        slug: "docs",
        lookup_result: "found",
        ...edge,
        path: "/_analytics/lookup",
      }),
    },
  },
];

describe("analytics payloads on the wire", () => {
  it.each(CASES)("$rule", async ({ path, facts, a, b }) => {
    const { a: gotA, b: gotB } = await collect(collector, visitorRequest({ path }), facts);
    expect(gotA.method).toBe("POST");
    expect(gotA.headers["content-type"]).toBe("application/json");
    expect(gotA.headers["user-agent"]).toBe(CHROME_UA);
    expect(gotA.body).toEqual(a);
    const { anonymous_id, ...restB } = gotB.body as Record<string, unknown>;
    expect(anonymous_id).toMatch(UUID);
    expect(restB).toEqual(b);
    expect(gotB.headers["user-agent"]).toBe(CHROME_UA);
  });

  it("provider B: a fresh random anonymous_id for every collection request", async () => {
    const first = await collect(collector, visitorRequest(), { kind: "short-link-miss" });
    collector.received.length = 0;
    const second = await collect(collector, visitorRequest(), { kind: "short-link-miss" });
    const id = (r: ReceivedRequest) => (r.body as { anonymous_id: string }).anonymous_id;
    expect(id(first.b)).not.toBe(id(second.b));
  });

  it("correlation ID: a UUID when the request has no cf-ray header", async () => {
    const request = visitorRequest({ path: "/nope" });
    request.headers.delete("cf-ray");
    const { a } = await collect(collector, request, { kind: "short-link-miss" });
    expect(
      (a.body as { payload: { data: { correlation_id: string } } }).payload.data.correlation_id,
    ).toMatch(UUID);
  });
});
