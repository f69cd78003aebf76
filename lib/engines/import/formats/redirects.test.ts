import { describe, expect, it } from "vitest";
import { parseRedirects } from "./redirects.js";

const parse = (
  text: string,
  flavour: "cloudflare" | "netlify" = "cloudflare",
  caseSensitive = false,
  trailingSlash: "ignore" | "strict" = "ignore",
) => parseRedirects({ text, file: "_redirects", flavour, caseSensitive, trailingSlash });

describe("_redirects lines", () => {
  it("default status: Cloudflare 302, Netlify 301, always written into the row", () => {
    expect(parse("/a https://example.com/").rows[0].row.status).toBe(302);
    expect(parse("/a https://example.com/", "netlify").rows[0].row.status).toBe(301);
    expect(parse("/a https://example.com/ 308!", "netlify").rows[0].row.status).toBe(308);
  });

  it("a splat whose destination has no :splat drops the remainder; one with :splat keeps it", () => {
    const { rows } = parse("/a/* https://example.com/x\n/b/* https://example.com/:splat");
    expect(rows.map((r) => r.row)).toEqual([
      { slug: "a/*", target: "https://example.com/x", status: 302, remainder: "drop" },
      { slug: "b/*", target: "https://example.com/:splat", status: 302 },
    ]);
  });

  it("a destination with its own query keeps it alone (forward_query: false)", () => {
    expect(parse("/q /?a=1").rows[0].row).toMatchObject({ target: "/?a=1", forward_query: false });
  });

  it.each([
    ["/p/:lang:/x https://example.com/:lang", /placeholder :lang shares its segment/],
    ["/p/:id/:id https://example.com/:id", /placeholder :id is named twice/],
    ["/p/:splat https://example.com/:splat", /may not use that name/],
    ["/a/*/b https://example.com/", /\* inside \/a\/\*\/b/],
    ["/a* https://example.com/", /\* inside \/a\*/],
    ["/a/*/* https://example.com/", /two \*/],
    ["/x /y 200", /200 is a rewrite/],
    ["/x https://example.com/ 303", /status 303 has no equivalent/],
    ["/x https://example.com/ 404", /ignores status 404/],
    ["/x http://example.com/", /neither a \/path nor an https:\/\/ URL/],
    ["/x relative/path", /neither a \/path nor an https:\/\/ URL/],
    ["https://a.example/x /y", /ignores a source that is an absolute URL/],
    ["/x", /found 1 part/],
    ["/x /y 301 extra", /found 4 part/],
    ["/ https://example.com/", /site root/],
    ["/force https://example.com/f 301!", /ignores status 301!/],
    ["/abc https://example.com/abc 301abc", /ignores status 301abc/],
    ["/enc%2Fslash https://example.com/enc", /encoded \/ or \\ \(%2F, %5C\) in \/enc%2Fslash/],
    ["/enc%5cback/* https://example.com/:splat", /encoded \/ or \\/],
    ["/proto //evil.example/x", /protocol-relative: a browser takes it to the host evil\.example/],
  ])("SL851: %s is not imported", (line, why) => {
    const { rows, diagnostics } = parse(line);
    expect(rows).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "SL851", line: 1, severity: "error" });
    expect(diagnostics[0].message).toMatch(why);
  });

  it("SL852: a duplicate source is not imported; the first line applies, as on the platform", () => {
    const { rows, diagnostics } = parse("/a https://one.example/\n/a https://two.example/");
    expect(rows.map((r) => r.line)).toEqual([1]);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([
      expect.objectContaining({
        code: "SL852",
        line: 2,
        message: expect.stringMatching(/duplicate of line 1/),
      }),
    ]);
  });

  it("comments, blank lines and inline comments are not lines to import", () => {
    const { rows, diagnostics } = parse("# c\n\n   \n/a https://example.com/ 301 # note\n");
    expect(rows.map((r) => [r.line, r.row.slug])).toEqual([[4, "a"]]);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("SL853: /x of /x/* is noted unless a line for /x exists anywhere in the file", () => {
    const alone = parse("/x/* https://example.com/").diagnostics.filter((d) => d.code === "SL853");
    expect(alone.map((d) => d.message)).toEqual([
      "shortlinks also answers /x itself, which /x/* leaves unmatched",
    ]);
    const covered = parse("/x/* https://example.com/\n/x https://example.com/x").diagnostics;
    expect(covered.some((d) => /\/x itself/.test(d.message))).toBe(false);
  });

  it("SL853: an exact line answers its trailing-slash twin, and other letter cases unless case-sensitive", () => {
    expect(parse("/Docs https://example.com/").diagnostics[0].message).toBe(
      "shortlinks also answers /Docs/ and other letter cases, which the platform leaves unmatched",
    );
    expect(parse("/Docs https://example.com/", "cloudflare", true).diagnostics[0].message).toBe(
      "shortlinks also answers /Docs/, which the platform leaves unmatched",
    );
  });

  it("SL853: lines past Cloudflare's 100 dynamic rules are imported and noted", () => {
    const text = Array.from(
      { length: 101 },
      (_, i) => `/d${i}/* https://example.com/${i}/:splat`,
    ).join("\n");
    const { rows, diagnostics } = parse(text);
    expect(rows).toHaveLength(101);
    const skipped = diagnostics.filter((d) => /skips this line/.test(d.message));
    expect(skipped.map((d) => d.line)).toEqual([101]);
  });

  it("Netlify: query matching, conditions and domain-level rules are named, not dropped", () => {
    const { rows, diagnostics } = parse(
      "/store id=:id /blog/:id 301\n/ /anz 302 Country=au\nhttps://b.example/* https://c.example/:splat",
      "netlify",
    );
    expect(rows).toEqual([]);
    expect(diagnostics.map((d) => [d.line, d.code])).toEqual([
      [1, "SL851"],
      [2, "SL851"],
      [3, "SL851"],
    ]);
  });

  it("the source's rules are kept in order for the order check, static ones marked", () => {
    const { rules } = parse("/a /b\n/c/* /d\n/e /f");
    expect(rules).toEqual([
      { line: 1, from: "/a", static: true, active: true },
      { line: 2, from: "/c/*", static: false, active: true },
      { line: 3, from: "/e", static: false, active: true },
    ]);
  });
});

describe("_redirects placeholders and trailing slashes", () => {
  it("placeholders are imported exactly, splat and all", () => {
    const { rows, diagnostics } = parse(
      [
        "/issue/:id https://github.com/golang/go/issues/:id 302",
        "/cl/:cl/:ps https://go-review.googlesource.com/c/go/+/:cl/:ps",
        "/:lang/docs/* /:lang/:splat 301",
        "/:lang/x/* /x/:splat 301",
      ].join("\n"),
    );
    expect(rows.map((r) => r.row)).toEqual([
      { slug: "issue/:id", target: "https://github.com/golang/go/issues/:id", status: 302 },
      {
        slug: "cl/:cl/:ps",
        target: "https://go-review.googlesource.com/c/go/+/:cl/:ps",
        status: 302,
      },
      { slug: ":lang/docs/*", target: "/:lang/:splat", status: 301 },
      { slug: ":lang/x/*", target: "/x/:splat", status: 301 },
    ]);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("with trailing_slash: strict, /x/ keeps its slash and no note claims the twin", () => {
    const { rows, diagnostics } = parse(
      "/testing /testing/ 301\n/testing/* https://example.com/:splat\n/page/ /page2/",
      "cloudflare",
      true,
      "strict",
    );
    expect(rows.map((r) => r.row.slug)).toEqual(["testing", "testing/*", "page/"]);
    expect(diagnostics).toEqual([]);
  });

  it("SL385: with trailing_slash: ignore, a file that relies on /x and /x/ being two paths says so", () => {
    const { diagnostics } = parse(
      "/testing /testing/ 301\n/docs/ https://example.com/d\n/docs https://example.com/e\n/ok /ok2",
      "cloudflare",
      true,
    );
    const relied = diagnostics.filter((d) => d.code === "SL385");
    expect(relied.map((d) => [d.line, d.severity])).toEqual([
      [1, "warning"],
      [3, "warning"],
    ]);
    expect(relied[0].message).toMatch(/this line redirects \/testing to \/testing\//);
    expect(relied[1].message).toMatch(/line 2 is \/docs\//);
    expect(relied[0].hint).toMatch(/trailing_slash: strict/);
  });
});
