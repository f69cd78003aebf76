import { describe, expect, it } from "vitest";
import { selectLinks } from "./select-links.js";
import { testLink } from "../../../test/support/policy.js";

const AT = new Date("2030-06-01T00:00:00Z");
const link = (slug: string, extra = {}) =>
  testLink({
    slug,
    key: slug.toLowerCase().replace(/\/\*$/, ""),
    target: `https://example.com/${slug}`,
    ...extra,
  });

const LINKS = [
  link("Live"),
  link("soon", { schedule: { label: "later", start: "2031-01-01T00:00:00Z" } }),
  link("over", { schedule: { label: "past", end: "2030-01-01T00:00:00Z" } }),
  link("paused", { state: "paused" }),
  link("retired", { state: "retired" }),
  link("disabled", { state: "disabled" }),
  link("draft", { state: "draft" }),
  link("gh/*", { kind: "splat", target: "https://github.com/:splat" }),
  link("docs/*", { kind: "splat", target: "https://docs.example.com/v2" }),
];

describe("which links health probes", () => {
  it("links that redirect now or will by themselves later: active and scheduled only", () => {
    expect(selectLinks(LINKS, AT).links.map((l) => l.slug)).toEqual([
      "Live",
      "soon",
      "gh/*",
      "docs/*",
    ]);
  });

  it("a splat link is probed at its base: the target with an empty remainder", () => {
    const targets = selectLinks(LINKS, AT).links.filter((l) => l.slug.endsWith("/*"));
    expect(targets.map((l) => l.target)).toEqual([
      "https://github.com/",
      "https://docs.example.com/v2",
    ]);
  });

  it("an allowance travels with the link, so the probe can refuse to fetch it", () => {
    const allow = { rules: ["SL206"], reason: "intranet wiki" };
    const [only] = selectLinks([link("wiki", { allow })], AT).links;
    expect(only.allow).toEqual(allow);
  });

  it("--only picks links by slug or path, in any case; names of idle links are reported", () => {
    const picked = selectLinks(LINKS, AT, ["live", "/GH", "retired"]);
    expect(picked.links.map((l) => l.slug)).toEqual(["Live", "gh/*"]);
    expect(picked.idle).toEqual([{ slug: "retired", state: "retired" }]);
    expect(picked.unknown).toEqual([]);
  });

  it("--only takes a path with its trailing slash, as the worker answers it", () => {
    const picked = selectLinks(LINKS, AT, ["/live/", "live/"]);
    expect(picked.links.map((l) => l.slug)).toEqual(["Live"]);
    expect(picked.unknown).toEqual([]);
  });

  it("--only matches as the worker does, by the one case fold (final sigma, sharp s)", () => {
    const folded = [link("οδοσ", { key: "οδοσ" }), link("straße", { key: "strasse" })];
    const picked = selectLinks(folded, AT, ["/ΟΔΟΣ", "STRASSE"]);
    expect(picked.links.map((l) => l.slug)).toEqual(["οδοσ", "straße"]);
    expect(picked.unknown).toEqual([]);
  });

  it("a link on another host is named HOST/slug, and --only takes that name (the default host's link keeps its own)", () => {
    const links = [link("docs"), link("docs", { domain: "old.example.org" })];
    expect(selectLinks(links, AT).links.map((l) => l.slug)).toEqual([
      "docs",
      "old.example.org/docs",
    ]);
    expect(selectLinks(links, AT, ["old.example.org/docs"]).links).toEqual([
      expect.objectContaining({ slug: "old.example.org/docs", target: "https://example.com/docs" }),
    ]);
    expect(selectLinks(links, AT, ["docs"]).links.map((l) => l.slug)).toEqual(["docs"]);
  });

  it("--only names that match no link come back as unknown", () => {
    expect(selectLinks(LINKS, AT, ["live", "nope", "gh/x"]).unknown).toEqual(["nope", "gh/x"]);
  });

  it("a placeholder link is probed at its base too: each value empty", () => {
    const placeholder = link("issue/:id", {
      kind: "placeholder",
      key: "issue/:id",
      target: "https://github.com/golang/go/issues/:id?from=:id",
    });
    expect(selectLinks([placeholder], AT).links).toEqual([
      { slug: "issue/:id", target: "https://github.com/golang/go/issues/?from=" },
    ]);
  });

  it("every route target and split variant is probed too, named by route (a splat's at its base)", () => {
    const routed = link("app/*", {
      kind: "splat",
      target: "https://example.com/get/:splat",
      routes: [
        { id: "apple", when: { device: ["ios"] }, target: "https://apps.apple.com/x", line: 3 },
        {
          when: { country: ["FR"] },
          split: [
            { id: "old", weight: 1, target: "https://example.com/fr/:splat" },
            { weight: 1, target: "https://beta.example.com/fr" },
          ],
          line: 5,
        },
      ],
    });
    expect(selectLinks([routed], AT).links).toEqual([
      { slug: "app/*", target: "https://example.com/get/" },
      { slug: "app/*", route: "apple", target: "https://apps.apple.com/x" },
      { slug: "app/*", route: "2", variant: "old", target: "https://example.com/fr/" },
      { slug: "app/*", route: "2", variant: "2", target: "https://beta.example.com/fr" },
    ]);
  });
});
