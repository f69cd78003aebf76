/**
 * Importers keep the cards other products hold (docs/import.md, "Cards"): Dub's custom link
 * previews (`proxy`), Sink's Open Graph fields. An image a card cannot show here is left out at
 * its line (SL548), a card without a title too (SL549); the link is imported either way.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseDub } from "./formats/dub.js";
import { parseSink } from "./formats/sink.js";
import { importLinks } from "./import-links.js";
import type { ParseInput } from "./types.js";

const INSTANCE = join(import.meta.dirname, "..", "..", "..", "fixtures", "import", "instance");
const input = (text: string): ParseInput => ({
  text,
  file: "links.json",
  flavour: "cloudflare",
  caseSensitive: false,
});
const card = {
  title: "The handbook",
  description: "Everything for the first week",
  image: "https://cdn.example.com/og/handbook.png",
};

describe("Dub's API answer: a custom link preview is the link's card", () => {
  it("with proxy true, title, description and image are the card, not the description", () => {
    const { rows, diagnostics } = parseDub(
      input(JSON.stringify([{ key: "hb", url: "https://example.com/hb", proxy: true, ...card }])),
    );
    expect(diagnostics).toEqual([]);
    expect(rows[0].row).toEqual({ slug: "hb", target: "https://example.com/hb", preview: card });
  });

  it("with proxy false, the title stays the link's description and there is no card", () => {
    const { rows } = parseDub(
      input(JSON.stringify([{ key: "hb", url: "https://example.com/hb", proxy: false, ...card }])),
    );
    expect(rows[0].row).toEqual({
      slug: "hb",
      target: "https://example.com/hb",
      description: card.title,
    });
  });

  it("SL549: a preview without a title is left out at its line, and the link is imported", () => {
    const { rows, diagnostics } = parseDub(
      input(
        JSON.stringify([
          { key: "hb", url: "https://example.com/hb", proxy: true, title: null, image: card.image },
        ]),
      ),
    );
    expect(rows[0].row).toEqual({ slug: "hb", target: "https://example.com/hb" });
    expect(diagnostics.map((d) => `${d.line}:${d.code}:${d.message}`)).toEqual([
      expect.stringMatching(/^1:SL549:link "hb": .*no title/),
    ]);
  });
});

describe("Sink's export: title, description and image are the link's card", () => {
  it("the card comes from title, description and image; the comment is the description", () => {
    const { rows, diagnostics } = parseSink(
      input(JSON.stringify([{ slug: "hb", url: "https://example.com/hb", comment: "c", ...card }])),
    );
    expect(diagnostics).toEqual([]);
    expect(rows[0].row).toEqual({
      slug: "hb",
      target: "https://example.com/hb",
      description: "c",
      preview: card,
    });
  });

  it("SL549: a description without a title is left out, and the link is imported", () => {
    const { rows, diagnostics } = parseSink(
      input(
        JSON.stringify([{ slug: "hb", url: "https://example.com/hb", description: "d" }], null, 2),
      ),
    );
    expect(rows[0].row).toEqual({ slug: "hb", target: "https://example.com/hb" });
    expect(diagnostics.map((d) => `${d.line}:${d.code}`)).toEqual(["2:SL549"]);
  });
});

describe("a card's text the card field cannot hold is left out, never the link (SL549)", () => {
  const sink = (link: Record<string, unknown>) =>
    parseSink(input(JSON.stringify([{ slug: "hb", url: "https://example.com/hb", ...link }])));

  it("a description over several lines leaves the description out; the title stays", () => {
    const { rows, diagnostics } = sink({ title: "T", description: "two\nlines" });
    expect(rows[0].row.preview).toEqual({ title: "T" });
    expect(diagnostics.map((d) => `${d.code}:${d.message}`)).toEqual([
      expect.stringMatching(/^SL549:link "hb": its card's description .*U\+000A.*without it/),
    ]);
  });

  it("a title past the 300 characters a card holds leaves the whole card out", () => {
    const { rows, diagnostics } = sink({ title: "t".repeat(301), image: card.image });
    expect(rows[0].row.preview).toBeUndefined();
    expect(diagnostics.map((d) => `${d.code}:${d.message}`)).toEqual([
      expect.stringMatching(/^SL549:link "hb": its card's title is 301 characters.*300.*card/),
    ]);
  });
});

describe("import: a card's image the target rules or https refuse (SL548)", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "shortlinks-import-cards-"));
    cpSync(INSTANCE, root, { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("an http image, a private address and a shortener are each named at their line; the links keep the rest of their card", async () => {
    const links = [
      ["http", "http://cdn.example.com/a.png"],
      ["private", "https://192.168.1.5/a.png"],
      ["short", "https://bit.ly/abc"],
      ["good", card.image],
    ].map(([slug, image]) => ({
      slug,
      url: `https://example.com/${slug}`,
      title: `Card ${slug}`,
      image,
    }));
    writeFileSync(join(root, "links.json"), JSON.stringify(links, null, 2));
    const result = await importLinks({ root, format: "sink", input: join(root, "links.json") });
    expect(result.diagnostics.map((d) => `${d.line}:${d.code}`)).toEqual([
      "2:SL548",
      "8:SL548",
      "14:SL548",
    ]);
    expect(result.diagnostics[0].message).toMatch(/link "http": .*not an https URL.*without it/);
    expect(result.diagnostics[1].message).toMatch(/rule 7/);
    expect(result.diagnostics[2].message).toMatch(/rule 8/);
    expect(result.imported).toBe(4);
    const written = parse(readFileSync(join(root, result.written!), "utf8")) as {
      slug: string;
      preview: Record<string, string>;
    }[];
    expect(written.map((l) => [l.slug, l.preview])).toEqual([
      ["http", { title: "Card http" }],
      ["private", { title: "Card private" }],
      ["short", { title: "Card short" }],
      ["good", { title: "Card good", image: card.image }],
    ]);
  });
});
