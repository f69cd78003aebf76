import { describe, expect, it } from "vitest";
import { fillSuccessor, successorSlots } from "./successor.js";

const PAGE =
  '<p class="info">Retired.</p><!--if successor-->\n<p>Now: <a href="/{{successor_path}}">{{successor}}</a></p><!--end if-->\n<p>lookup</p>';

describe("the retired page's successor", () => {
  it("without a successor the block is gone and the page is what it was before the block existed", () => {
    expect(fillSuccessor(PAGE, undefined)).toBe('<p class="info">Retired.</p>\n<p>lookup</p>');
  });

  it("with one, the block stays and the slots get the short URL and its path, escaped", () => {
    const html = fillSuccessor(PAGE, successorSlots("https://go.example.org", 'Team/"new"'));
    expect(html).toContain('<a href="/Team/%22new%22">https://go.example.org/Team/%22new%22</a>');
    expect(fillSuccessor(PAGE, { url: 'u"<', path: "p&" })).toContain(
      '<a href="/p&amp;">u&quot;&lt;</a>',
    );
    expect(html).not.toContain("<!--");
  });

  it("a page without the block (an older custom template) is left as it is", () => {
    const slots = successorSlots("https://go.example.org", "new");
    expect(fillSuccessor("<p>{{slug}}</p>", slots)).toBe("<p>{{slug}}</p>");
  });
});
