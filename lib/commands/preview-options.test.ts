/**
 * `add` and `set` write a link's card from `--preview-title`, `--preview-description` and
 * `--preview-image` (docs/editing.md), judged as check judges the YAML field, at the row's
 * file:line; a refused card writes nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../test/support/run-cli.js";

const LINKS = `- slug: docs
  target: https://docs.example.com/
- slug: card
  target: https://example.com/card
  preview:
    title: Old title
    image: https://cdn.example.com/old.png
`;
const FILE = "custom/links/links.yaml";
const IMAGE = "https://cdn.example.com/og/new.png";
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-preview-options-"));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(
    join(root, "custom", "site.yaml"),
    "site_name: T\nbase_url: https://go.example.org\n",
  );
  writeFileSync(join(root, FILE), LINKS);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli([...args, "--root", root]);
const read = (file = FILE) => readFileSync(join(root, file), "utf8");
const rows = (file = FILE) => parse(read(file)) as Record<string, unknown>[];
const card = (title: string) => ["--preview-title", title];

describe("add --preview-title, --preview-description, --preview-image", () => {
  it("the three options are the new link's card", async () => {
    const run = await cli(
      "add",
      "hb",
      "https://example.com/hb",
      ...card("The handbook"),
      "--preview-description",
      "For the first week",
      "--preview-image",
      IMAGE,
    );
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(rows().at(-1)).toEqual({
      slug: "hb",
      target: "https://example.com/hb",
      preview: { title: "The handbook", description: "For the first week", image: IMAGE },
    });
  });

  it.each([
    ["an http image (SL540)", ["--preview-image", "http://cdn.example.com/a.png"], "SL540"],
    ["a file custom/public lacks (SL541)", ["--preview-image", "/cards/none.png"], "SL541"],
    [
      "an image on a private address (rule 7)",
      ["--preview-image", "https://10.0.0.1/a.png"],
      "SL207",
    ],
  ])("%s is refused at the row's file:line and nothing is written", async (_, option, code) => {
    const run = await cli("add", "hb", "https://example.com/hb", ...card("T"), ...option);
    expect(run.code).toBe(1);
    // The row starts at line 8; the card is its `preview:` line, as check names it.
    expect(run.err).toContain(`${FILE}:10: ${code} link "hb": preview.image`);
    expect(read()).toBe(LINKS);
  });

  it("a description without a title is refused as the YAML field is: a card needs its title", async () => {
    const run = await cli("add", "hb", "https://example.com/hb", "--preview-description", "D");
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`${FILE}:\\d+: SL\\d+ .*title`));
    expect(read()).toBe(LINKS);
  });

  it("a CSV link source gets the card in its preview columns", async () => {
    const csv = "custom/links/more.csv";
    writeFileSync(join(root, csv), "slug,target,preview_title,preview_image\n");
    const run = await cli(
      "add",
      "hb",
      "https://example.com/hb",
      "--file",
      csv,
      ...card("Hand, book"),
      "--preview-image",
      IMAGE,
    );
    expect(run.code).toBe(0);
    expect(read(csv)).toBe(
      `slug,target,preview_title,preview_image\nhb,https://example.com/hb,"Hand, book",${IMAGE}\n`,
    );
  });
});

describe("set --preview-*", () => {
  it("one part of the card changes, the others stay (as schedule parts do)", async () => {
    const run = await cli("set", "card", "--preview-image", IMAGE);
    expect(run.code).toBe(0);
    expect(rows()[1].preview).toEqual({ title: "Old title", image: IMAGE });
  });

  it("a link without a card gets one; --unset preview removes it", async () => {
    expect((await cli("set", "docs", ...card("Docs"))).code).toBe(0);
    expect(rows()[0].preview).toEqual({ title: "Docs" });
    expect((await cli("set", "card", "--unset", "preview")).code).toBe(0);
    expect(rows()[1].preview).toBeUndefined();
  });

  it("a refused image is named at the row's file:line and nothing is written", async () => {
    const run = await cli("set", "card", "--preview-image", "ftp://cdn.example.com/a.png");
    expect(run.code).toBe(1);
    expect(run.err).toContain(`${FILE}:3: SL540 link "card": preview.image`);
    expect(read()).toBe(LINKS);
  });

  it("a CSV row's card is its preview columns, and --unset preview empties all three", async () => {
    const csv = "custom/links/more.csv";
    writeFileSync(join(root, csv), "slug,target\nhb,https://example.com/hb\n");
    expect((await cli("set", "hb", ...card("Hand"), "--preview-image", IMAGE)).code).toBe(0);
    expect(read(csv)).toBe(
      `slug,target,preview_title,preview_image\nhb,https://example.com/hb,Hand,${IMAGE}\n`,
    );
    expect((await cli("set", "hb", "--unset", "preview")).code).toBe(0);
    expect(read(csv)).toBe(
      `slug,target,preview_title,preview_image\nhb,https://example.com/hb,,\n`,
    );
  });
});
