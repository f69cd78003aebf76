import { describe, expect, it } from "vitest";
import { fillSuccessor } from "./successor.js";

const PAGE =
  '<p class="info">Retired.</p><!--if successor-->\n<p>Now: <a href="{{successor}}">{{successor}}</a></p><!--end if-->\n<p>lookup</p>';

describe("the retired page's successor", () => {
  it("without a successor the block is gone and the page is what it was before the block existed", () => {
    expect(fillSuccessor(PAGE, undefined)).toBe('<p class="info">Retired.</p>\n<p>lookup</p>');
  });

  it("with one, the block stays and the short URL fills both slots, escaped", () => {
    const html = fillSuccessor(PAGE, 'https://go.example.org/new?"x"');
    expect(html).toContain(
      '<a href="https://go.example.org/new?&quot;x&quot;">https://go.example.org/new?&quot;x&quot;</a>',
    );
    expect(html).not.toContain("<!--");
  });

  it("a page without the block (an older custom template) is left as it is", () => {
    expect(fillSuccessor("<p>{{slug}}</p>", "https://go.example.org/new")).toBe("<p>{{slug}}</p>");
  });
});
