/** Pageviews report the page's real title: the first <title>, as a reader sees it. */
import { describe, expect, it } from "vitest";
import { htmlTitle, pageTitles } from "./page-title.js";

describe("htmlTitle", () => {
  it.each([
    ["a plain title", "<head><title>Hello</title></head>", "Hello"],
    [
      "named and numeric entities",
      "<title>Caf&eacute; &amp; co &#x2014; ok</title>",
      "Café & co — ok",
    ],
    ["attributes and upper case", '<TITLE lang="fr">Bonjour</TITLE >', "Bonjour"],
    ["whitespace collapsed", "<title>\n  Two\n  lines\t</title>", "Two lines"],
    ["the first title only", "<title>One</title><svg><title>Two</title></svg>", "One"],
    ["no title", "<h1>Hello</h1>", undefined],
    ["an empty title", "<title>  </title>", undefined],
  ])("%s", (_rule, html, expected) => {
    expect(htmlTitle(html)).toBe(expected);
  });

  it("pageTitles maps asset paths to titles, sorted, skipping pages without one", () => {
    expect(
      pageTitles([
        { path: "/b.html", html: "<title>B</title>" },
        { path: "/none.html", html: "<p>no title</p>" },
        { path: "/a.html", html: "<title>A</title>" },
      ]),
    ).toEqual({ "/a.html": "A", "/b.html": "B" });
    expect(
      Object.keys(
        pageTitles([
          { path: "/b", html: "<title>B</title>" },
          { path: "/a", html: "<title>A</title>" },
        ]),
      ),
    ).toEqual(["/a", "/b"]);
  });
});
