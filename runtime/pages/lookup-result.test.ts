import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape.js";
import {
  fillLookupInput,
  lookupBeaconResult,
  lookupVariant,
  renderLookupResult,
  type LookupResultLike,
} from "./lookup-result.js";

const TEMPLATE = [
  "<h1>Result</h1>",
  '<!--when found--><p>FOUND {{slug}} <a href="{{target}}">{{target}}</a> {{status}}</p><!--if schedule_label--><p>SCHEDULE {{schedule_label}}</p><!--end if--><!--end when-->',
  "<!--when unavailable--><p>UNAVAILABLE {{slug}}</p><!--end when-->",
  "<!--when not-found--><p>NOT-FOUND {{slug}}</p><!--end when-->",
  "<!--when scheduled--><p>SCHEDULED {{slug}}</p><!--if schedule_label--><p>SCHEDULE {{schedule_label}}</p><!--end if--><!--end when-->",
  "<!--when expired--><p>EXPIRED {{slug}}</p><!--end when-->",
  "<!--when paused--><p>PAUSED {{slug}}</p><!--end when-->",
  "<!--when retired|paused--><p>GONE-OR-PAUSED</p><!--end when-->",
].join("\n");

const MARKERS = [
  "FOUND",
  "UNAVAILABLE",
  "NOT-FOUND",
  "SCHEDULED",
  "EXPIRED",
  "PAUSED",
  "GONE-OR-PAUSED",
];

describe("lookup result: the variant each result keeps", () => {
  it.each<[string, LookupResultLike, string, string[]]>([
    [
      "an active link with a target is found",
      { found: true, slug: "docs", state: "active", target: "https://example.org/d", status: 302 },
      "found",
      ["FOUND"],
    ],
    ["an unknown slug is not-found", { found: false, slug: "nope" }, "not-found", ["NOT-FOUND"]],
    [
      "a scheduled link says it is not active yet",
      { found: true, slug: "s", state: "scheduled", schedule_label: "launch" },
      "scheduled",
      ["SCHEDULED"],
    ],
    [
      "an expired link says it expired",
      { found: true, slug: "e", state: "expired" },
      "expired",
      ["EXPIRED"],
    ],
    [
      "a paused link keeps every section listing paused",
      { found: true, slug: "p", state: "paused" },
      "paused",
      ["PAUSED", "GONE-OR-PAUSED"],
    ],
    [
      "a retired link says it is retired",
      { found: true, slug: "r", state: "retired" },
      "retired",
      ["GONE-OR-PAUSED"],
    ],
    [
      "an active link without a target is unavailable",
      { found: true, slug: "x", state: "active" },
      "unavailable",
      ["UNAVAILABLE"],
    ],
    [
      "a non-web target is never shown and counts as unavailable",
      { found: true, slug: "x", state: "active", target: "javascript:alert(1)" },
      "unavailable",
      ["UNAVAILABLE"],
    ],
    [
      "a prototype key as state is no variant",
      { found: true, slug: "x", state: "constructor" },
      "unavailable",
      ["UNAVAILABLE"],
    ],
  ])("%s", (_rule, result, variant, kept) => {
    expect(lookupVariant(result)).toBe(variant);
    const html = renderLookupResult(TEMPLATE, result);
    const present = MARKERS.filter((m) => new RegExp(`<p>${m}[ <]`).test(html));
    expect(present).toEqual(kept);
    expect(html).not.toContain("<!--when");
    expect(html).toContain("<h1>Result</h1>");
  });
});

describe("lookup result: slots are filled HTML-escaped", () => {
  it.each<[string, LookupResultLike, string]>([
    [
      "markup in a slug is escaped",
      { found: false, slug: '<img src=x onerror="alert(1)">' },
      "NOT-FOUND &lt;img src=x onerror=&quot;alert(1)&quot;&gt;",
    ],
    [
      "quotes in a target cannot leave the href attribute",
      {
        found: true,
        slug: "q",
        state: "active",
        target: 'https://e.org/"><script>x</script>',
        status: 301,
      },
      'href="https://e.org/&quot;&gt;&lt;script&gt;x&lt;/script&gt;"',
    ],
    [
      "ampersands and apostrophes are escaped",
      { found: false, slug: "a&b'c" },
      "NOT-FOUND a&amp;b&#39;c",
    ],
    [
      "a slug holding a slot name is not filled twice",
      { found: true, slug: "{{target}}", state: "active", target: "https://e.org/", status: 302 },
      "FOUND {{target}} <a",
    ],
    [
      "a slug holding a marker cannot reopen a section",
      { found: false, slug: "<!--end when-->" },
      "NOT-FOUND &lt;!--end when--&gt;",
    ],
    [
      "the status is filled",
      { found: true, slug: "d", state: "active", target: "https://e.org/", status: 308 },
      "</a> 308</p>",
    ],
  ])("%s", (_rule, result, expected) => {
    expect(renderLookupResult(TEMPLATE, result)).toContain(expected);
  });
});

describe("lookup result: optional sections", () => {
  it.each<[string, LookupResultLike, boolean]>([
    [
      "a schedule label shows its line",
      {
        found: true,
        slug: "d",
        state: "active",
        target: "https://e.org/",
        status: 302,
        schedule_label: "spring <sale>",
      },
      true,
    ],
    [
      "no schedule label drops the line",
      { found: true, slug: "d", state: "active", target: "https://e.org/", status: 302 },
      false,
    ],
    [
      "an empty schedule label drops the line",
      {
        found: true,
        slug: "d",
        state: "active",
        target: "https://e.org/",
        status: 302,
        schedule_label: "",
      },
      false,
    ],
  ])("%s", (_rule, result, shown) => {
    const html = renderLookupResult(TEMPLATE, result);
    expect(html.includes("SCHEDULE spring &lt;sale&gt;")).toBe(shown);
    expect(html.includes("SCHEDULE")).toBe(shown);
  });
});

describe("lookup result: a link with routes", () => {
  const ROUTED =
    "<!--when found--><p>{{target}}</p><!--if routed_by--><p>ROUTED BY {{routed_by}}</p><!--end if--><!--end when-->";
  const found = {
    found: true,
    slug: "app",
    state: "active",
    target: "https://e.org/",
    status: 302,
  };

  it("says which request facts can send a visitor elsewhere than the target shown", () => {
    const html = renderLookupResult(ROUTED, {
      ...found,
      routed_by: ["country", "device", "split"],
    });
    expect(html).toBe("<p>https://e.org/</p><p>ROUTED BY country, device, split</p>");
  });

  it("a link without routes drops the line", () => {
    expect(renderLookupResult(ROUTED, found)).toBe("<p>https://e.org/</p>");
  });
});

describe("lookup beacon: result is found, not-found or the effective state", () => {
  it.each<[LookupResultLike, string]>([
    [{ found: true, slug: "d", state: "active", target: "https://e.org/" }, "found"],
    [{ found: false, slug: "d" }, "not-found"],
    [{ found: true, slug: "d", state: "scheduled" }, "scheduled"],
    [{ found: true, slug: "d", state: "expired" }, "expired"],
    [{ found: true, slug: "d", state: "paused" }, "paused"],
    [{ found: true, slug: "d", state: "retired" }, "retired"],
    [{ found: true, slug: "d", state: "active" }, "active"],
  ])("%j -> %s", (result, expected) => {
    expect(lookupBeaconResult(result)).toBe(expected);
  });
});

describe("escapeHtml: the five characters that matter in text and quoted attributes", () => {
  it.each([
    ["&", "&amp;"],
    ["<", "&lt;"],
    [">", "&gt;"],
    ['"', "&quot;"],
    ["'", "&#39;"],
    ["plain é text", "plain é text"],
    ["&amp;", "&amp;amp;"],
  ])("%s -> %s", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe("lookup result: the QR code", () => {
  const found = { found: true, slug: "gh/*", kind: "splat" as const, state: "active" };
  const TEMPLATE_QR = "<p>{{short_url}}</p><!--if qr--><figure>{{qr}}</figure><!--end if-->";
  const result = { ...found, target: "https://github.com/x", status: 302 };

  it("a found link's short URL gets its QR code", () => {
    const html = renderLookupResult(TEMPLATE_QR, result, {
      baseUrl: "https://go.example.org",
      input: "gh/acme",
    });
    expect(html).toContain("<figure><svg");
  });

  it("a short URL too long for a QR code shows the result without one, never an error", () => {
    const html = renderLookupResult(TEMPLATE_QR, result, {
      baseUrl: "https://go.example.org",
      input: "gh/" + "€".repeat(300),
    });
    expect(html).toContain("<p>https://go.example.org/gh/%E2%82%AC");
    expect(html).not.toContain("<figure>");
  });
});

describe("lookup box: what the visitor typed, shown again", () => {
  const BOX = '<input id="lookup-slug" name="slug" value="{{input}}">';

  it("the result page keeps the visitor's input in the box, escaped", () => {
    const html = renderLookupResult(BOX, { found: false, slug: "x" }, { input: 'a"><b>' });
    expect(html).toBe('<input id="lookup-slug" name="slug" value="a&quot;&gt;&lt;b&gt;">');
  });

  it("?slug= fills a page's box, escaped; without it the box is empty", () => {
    expect(fillLookupInput(BOX, "docs & more")).toBe(
      '<input id="lookup-slug" name="slug" value="docs &amp; more">',
    );
    expect(fillLookupInput(BOX, "")).toBe('<input id="lookup-slug" name="slug" value="">');
    expect(fillLookupInput("<p>no box</p>", "docs")).toBe("<p>no box</p>");
  });
});
