import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { QR_MAX_BYTES } from "../contract/index.js";
import { qrFits, qrSvg, shortLinkUrl } from "./qr-svg.js";

/** The dark modules the SVG paints, read back from its path: each `M x y h w v 1 h -w z` run. */
function paintedModules(svg: string): Set<string> {
  const dark = /<path fill="#000" d="([^"]*)"/.exec(svg)![1];
  const cells = new Set<string>();
  for (const run of dark.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, w] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let i = 0; i < w; i++) cells.add(`${x + i},${y}`);
  }
  return cells;
}

describe("QR code of a short link, as SVG markup for the strict CSP", () => {
  const url = "https://go.example.org/docs";
  const svg = qrSvg(url)!;

  it("paints exactly the dark modules of the QR matrix (with its quiet zone)", () => {
    const { data } = encode(url, { ecc: "M", border: 4 });
    const expected = new Set<string>();
    data.forEach((row, y) => row.forEach((dark, x) => dark && expected.add(`${x},${y}`)));
    expect(paintedModules(svg)).toEqual(expected);
    expect(svg).toContain(`viewBox="0 0 ${data.length} ${data.length}"`);
  });

  it("is attributes only: no style, no script, no event handler, no external reference", () => {
    expect(svg).not.toMatch(/<style|style=|<script|\son[a-z]+=|href=|<foreignObject/i);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it("names what it encodes for screen readers, escaped", () => {
    expect(qrSvg('https://go.example.org/a"<b>')).toContain(
      'aria-label="QR code: https://go.example.org/a&quot;&lt;b&gt;"',
    );
  });

  it.each([
    ["https://go.example.org", "docs", "exact", "https://go.example.org/docs"],
    ["https://go.example.org", "Team/Handbook", "exact", "https://go.example.org/Team/Handbook"],
    ["https://go.example.org", "café", "exact", "https://go.example.org/caf%C3%A9"],
    ["https://go.example.org", "/gh/acme/tool", "splat", "https://go.example.org/gh/acme/tool"],
    [
      "https://go.example.org",
      "https://go.example.org/gh/x?y=1",
      "splat",
      "https://go.example.org/gh/x",
    ],
  ])("short link of %s + %s (%s): %s", (base, slug, _kind, expected) => {
    expect(shortLinkUrl(base, slug)).toBe(expected);
  });

  const utf8 = (text: string) => new TextEncoder().encode(text).length;

  it(`a URL of ${QR_MAX_BYTES} bytes is the largest with a QR code; one byte more has none`, () => {
    const base = "https://go.example.org/gh/";
    const largest = base + "a".repeat(QR_MAX_BYTES - base.length);
    expect(utf8(largest)).toBe(QR_MAX_BYTES);
    expect(qrFits(largest)).toBe(true);
    expect(qrSvg(largest)).toMatch(/^<svg /);
    expect(qrFits(largest + "a")).toBe(false);
    expect(qrSvg(largest + "a")).toBeNull();
    // The limit is the encoder's own capacity at level M, not a guess on either side.
    expect(() => encode(largest + "a", { ecc: "M", border: 4 })).toThrow(/too long/i);
  });

  it("the capacity counts UTF-8 bytes: a percent-encoded € is nine", () => {
    const base = "https://go.example.org/gh/";
    const euros = shortLinkUrl("https://go.example.org", "gh/" + "€".repeat(300));
    expect(utf8(euros)).toBe(base.length + 300 * 9);
    expect(qrSvg(euros)).toBeNull();
  });
});
