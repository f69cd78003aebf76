// Routes inside resolve(): the target chosen, judged again by the target rules, never cached.
import { describe, expect, it } from "vitest";
import { TEST_POLICY, testLink } from "../../test/support/policy.js";
import type { LinkRecord } from "../contract/index.js";
import { resolve, type RequestFacts, type ResolveContext } from "../resolve.js";
import { routeLabel, variantLabel } from "./describe.js";

const context = (link: LinkRecord, redirectMaxAge = 0): ResolveContext => ({
  links: {
    exact: (key) => (link.kind === "exact" && key === link.key ? link : undefined),
    splat: (key) => (link.kind === "splat" && key === link.key ? link : undefined),
    splatDepths: link.kind === "splat" ? [link.key.split("/").length] : [],
  },
  blocklist: TEST_POLICY,
  caseSensitive: false,
  defaultLang: "en",
  redirectMaxAge,
  staticPaths: new Set(),
  pages: [],
});
const ask = (link: LinkRecord, facts: Partial<RequestFacts> = {}, maxAge = 0, path = "/x") =>
  resolve({ method: "GET", url: path, now: new Date(), ...facts }, context(link, maxAge));

const FR = { edge: { country: "FR" } };
const routed = testLink({
  routes: [
    { id: "fr", when: { country: ["FR"] }, target: "https://example.com/fr", line: 3 },
    {
      when: { country: ["DE"] },
      split: [
        { id: "old", weight: 1, target: "https://example.com/de-old" },
        { weight: 1, target: "https://example.com/de-new" },
      ],
      line: 5,
    },
  ],
});

describe("routes in resolve()", () => {
  it("a link with routes is sent no-store, whatever the site's redirect cache policy", async () => {
    const plain = await ask(testLink(), {}, 600);
    const withRoutes = await ask(routed, FR, 600);
    expect(plain.outcome).toMatchObject({ type: "redirect", cacheControl: "public, max-age=600" });
    expect(withRoutes.outcome).toMatchObject({
      type: "redirect",
      location: "https://example.com/fr",
      cacheControl: "no-store",
    });
  });

  it("the resolution names the route and the variant for analytics", async () => {
    const fr = await ask(routed, FR);
    const de = await ask(routed, { edge: { country: "DE" }, draw: () => 0.9 });
    const none = await ask(routed);
    expect([routeLabel(fr.route!), variantLabel(fr.route!)]).toEqual(["fr", undefined]);
    expect([routeLabel(de.route!), variantLabel(de.route!)]).toEqual(["2", "2"]);
    expect(routeLabel(none.route!)).toBe("default");
    expect(fr.checks.find((c) => c.step === "route")?.detail).toBe("route 1 (fr): country held");
  });

  it("defaultTarget: the published answer is the link's own target, whatever the facts say", async () => {
    const r = await ask(routed, { ...FR, defaultTarget: true });
    expect(r.route).toBeNull();
    expect(r.outcome).toMatchObject({ location: testLink().target, cacheControl: "no-store" });
  });

  it("a link without routes has no route step", async () => {
    const r = await ask(testLink());
    expect(r.route).toBeNull();
    expect(r.checks.map((c) => c.step)).not.toContain("route");
  });

  it("fail closed: a route target the rules refuse at runtime answers the 404 page, never a redirect", async () => {
    const link = testLink({
      routes: [{ when: { country: ["FR"] }, target: "https://bit.ly/hidden", line: 3 }],
    });
    const r = await ask(link, FR);
    expect(r.outcome).toMatchObject({ type: "page", page: "not-found", status: 404 });
    expect(r.event).toEqual({ kind: "redirect", redirect_error: "SL208" });
  });

  it("a splat link's route target takes the remainder, encoded segment by segment", async () => {
    const link = testLink({
      kind: "splat",
      slug: "docs/*",
      key: "docs",
      routes: [
        { when: { country: ["FR"] }, target: "https://example.com/fr/:splat?from=:splat", line: 3 },
      ],
    });
    const r = await ask(link, FR, 0, "/docs/a%20b");
    expect(r.outcome).toMatchObject({ location: "https://example.com/fr/a%20b?from=a%20b" });
  });
});
