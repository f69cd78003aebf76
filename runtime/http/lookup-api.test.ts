// The lookup of a link with routes: its default target, and which request facts change it.
import { describe, expect, it } from "vitest";
import { TEST_POLICY, testLink } from "../../test/support/policy.js";
import type { LinkRecord } from "../contract/index.js";
import type { ResolveContext } from "../resolve.js";
import { lookupSlug } from "./lookup-api.js";

const context = (link: LinkRecord): ResolveContext => ({
  links: {
    exact: (key) => (key === link.key ? link : undefined),
    splat: () => undefined,
    splatDepths: [],
  },
  blocklist: TEST_POLICY,
  caseSensitive: false,
  defaultLang: "en",
  redirectMaxAge: 0,
  staticPaths: new Set(),
  pages: [],
});

describe("lookup of a link with routes", () => {
  it("shows the default target, and the facts its routes read (a split without when takes all)", async () => {
    const link = testLink({
      routes: [
        {
          when: { device: ["ios"], not: { country: ["FR"] } },
          target: "https://a.example.com/",
          line: 3,
        },
        {
          when: { time: [{ days: ["mon"], from: "00:00", to: "24:00", tz: "UTC" }] },
          target: "https://b.example.com/",
          line: 4,
        },
        {
          when: { device: ["android"], query: { ref: ["x"] } },
          target: "https://c.example.com/",
          line: 5,
        },
        {
          split: [
            { weight: 1, target: "https://d.example.com/" },
            { weight: 1, target: "https://e.example.com/" },
          ],
          line: 6,
        },
      ],
    });
    // A Monday: the time route holds for every request, yet the lookup shows the default.
    const result = await lookupSlug(link.slug, context(link), new Date("2030-01-07T12:00:00Z"));
    expect(result.target).toBe(link.target);
    expect(result.routed_by).toEqual(["country", "device", "query", "time", "split"]);
  });

  it("a link without routes has no routed_by", async () => {
    const link = testLink();
    const result = await lookupSlug(link.slug, context(link), new Date());
    expect(result).not.toHaveProperty("routed_by");
  });
});
