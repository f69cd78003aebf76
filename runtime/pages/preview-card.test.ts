import { describe, expect, it } from "vitest";
import { cardTags, fillPreview } from "./preview-card.js";
import { renderLookupResult } from "./lookup-result.js";

const PAGE = `<html><head><title>x</title></head><body>
<h1>{{preview_title}}</h1>
<!--if preview_description--><p>{{preview_description}}</p><!--end if-->
<a href="{{target}}">{{target}}</a></body></html>`;
const HOSTILE = '"><script>alert(1)</script>';

describe("the preview page's card", () => {
  it("puts every tag in the head, og:url the short link, a local image on its origin", () => {
    const html = fillPreview(PAGE, {
      preview: { title: "Handbook", description: "First week", image: "/cards/h.png" },
      shortUrl: "https://go.example.org/handbook",
      target: "https://example.com/h.pdf",
    });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<meta property="og:url" content="https://go.example.org/handbook">');
    expect(head).toContain(
      '<meta property="og:image" content="https://go.example.org/cards/h.png">',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain("<h1>Handbook</h1>\n<p>First week</p>");
    expect(html).toContain('<a href="https://example.com/h.pdf">');
    expect(html).not.toMatch(/http-equiv|refresh|<script/i);
  });

  it("without a description or image: no such tags, no empty block, a summary card", () => {
    const html = fillPreview(PAGE, {
      preview: { title: "Handbook" },
      shortUrl: "https://go.example.org/handbook",
      target: "https://example.com/",
    });
    expect(html).not.toMatch(/description|og:image|<p>/);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it('escapes every field: a title holding "><script> is inert text', () => {
    const html = fillPreview(PAGE, {
      preview: {
        title: HOSTILE,
        description: HOSTILE,
        image: `https://i.example/a.png?${HOSTILE}`,
      },
      shortUrl: `https://go.example.org/${HOSTILE}`,
      target: `https://example.com/?q=${HOSTILE}`,
    });
    expect(html).not.toContain("<script>");
    expect(html.match(/&lt;script&gt;/g)?.length).toBeGreaterThanOrEqual(10);
  });

  it("a slot written in the card's text is not filled again", () => {
    const tags = cardTags({
      preview: { title: "{{target}}" },
      shortUrl: "https://go.example.org/x",
      target: "https://example.com/",
    });
    expect(tags).toContain('content="{{target}}"');
    expect(
      fillPreview(PAGE, {
        preview: { title: "{{target}}" },
        shortUrl: "https://go.example.org/x",
        target: "https://example.com/",
      }),
    ).toContain("<h1>{{target}}</h1>");
  });
});

describe("the lookup result shows the card", () => {
  const TEMPLATE =
    "<!--if preview_title--><p>{{preview_title}}</p><!--end if--><!--if preview_description--><p>{{preview_description}}</p><!--end if-->";
  it("title and description, escaped", () => {
    const html = renderLookupResult(TEMPLATE, {
      found: true,
      slug: "card",
      target: "https://example.com/",
      preview: { title: HOSTILE, description: "First week" },
    });
    expect(html).toBe("<p>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p><p>First week</p>");
  });

  it("nothing for a link without a card", () => {
    expect(renderLookupResult(TEMPLATE, { found: true, slug: "x", target: "https://e.x/" })).toBe(
      "",
    );
  });
});
