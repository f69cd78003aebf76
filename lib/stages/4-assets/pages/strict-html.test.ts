import { describe, expect, it } from "vitest";
import { findStrictViolations } from "./strict-html.js";

describe("strict CSP profile: what generated HTML may not contain", () => {
  it.each([
    ["inline script", "<script>alert(1)</script>", "inline <script>"],
    [
      "script with src and inline content",
      '<script src="/assets/a.js">alert(1)</script>',
      "inline content",
    ],
    ["external script", '<script src="https://cdn.example/x.js"></script>', "outside /assets/"],
    ["protocol-relative script", '<script src="//cdn.example/x.js"></script>', "outside /assets/"],
    ["style element", "<style>p{}</style>", "<style> is not allowed"],
    ["style attribute", '<p style="color:red">x</p>', "inline style attribute"],
    ["style attribute without quotes", "<p style=color:red>x</p>", "inline style attribute"],
    ["event handler", '<img src="/assets/a.png" onerror="x()">', "inline event handler onerror="],
    [
      "event handler in upper case",
      '<button ONCLICK="x()">x</button>',
      "inline event handler onclick=",
    ],
    ["javascript: link", '<a href="javascript:alert(1)">x</a>', "javascript: URL"],
    [
      "javascript: link with spaces and case",
      '<a href=" JavaScript:alert(1)">x</a>',
      "javascript: URL",
    ],
    [
      "external stylesheet",
      '<link rel="stylesheet" href="https://fonts.example/css">',
      "outside /assets/",
    ],
    ["external image", '<img src="https://img.example/a.png" alt="">', "outside /assets/"],
    ["data: image", '<img src="data:image/png;base64,AAAA" alt="">', "outside /assets/"],
    [
      "form posting elsewhere",
      '<form action="https://evil.example/collect"></form>',
      "form posts off the origin",
    ],
    [
      "form posting protocol-relative",
      '<form action="//evil.example/collect"></form>',
      "form posts off the origin",
    ],
    [
      "button formaction elsewhere",
      '<button formaction="https://evil.example/">x</button>',
      "form posts off the origin",
    ],
    ["iframe", '<iframe src="/assets/x.html"></iframe>', "<iframe> is not allowed"],
    ["base element", '<base href="/">', "<base> is not allowed"],
  ])("%s is refused", (_rule, html, expected) => {
    const messages = findStrictViolations(html).map((v) => v.message);
    expect(messages.some((m) => m.includes(expected))).toBe(true);
  });

  it.each([
    ["a module script from /assets/", '<script type="module" src="/assets/lookup.js"></script>'],
    ["a stylesheet from /assets/", '<link rel="stylesheet" href="/assets/shortlinks.css">'],
    ["a same-origin form post", '<form method="post" action="/lookup/resolve"></form>'],
    ["a link to another site (navigation, not a load)", '<a href="https://example.org/">x</a>'],
    ["data-* attributes", '<div data-text-error="x" data-when="found"></div>'],
    [
      "prose that mentions style= and onclick=",
      "<p>write style=&quot;x&quot; or onclick= in prose</p>",
    ],
    ["a comment marker", "<!--when found--><p>x</p><!--end when-->"],
  ])("%s is allowed", (_rule, html) => {
    expect(findStrictViolations(html)).toEqual([]);
  });

  it("one inline script is one violation, whichever way it is inline", () => {
    expect(findStrictViolations("<p>a</p>\n<script>alert(1)</script>")).toEqual([
      { line: 2, message: "inline <script> (no src)" },
    ]);
    expect(findStrictViolations('<script src="/assets/a.js">alert(1)</script>')).toEqual([
      { line: 1, message: "<script> with inline content" },
    ]);
  });

  it("reports the line of the offending tag", () => {
    expect(findStrictViolations('<p>a</p>\n\n<p style="x">b</p>')).toEqual([
      { line: 3, message: "inline style attribute on <p>" },
    ]);
  });
});
