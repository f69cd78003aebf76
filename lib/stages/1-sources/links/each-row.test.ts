/**
 * A source's rows are checked as they are read (docs/performance.md, "Round seven: reading the
 * sources"): the links and diagnostics are those of reading every row first and checking them
 * after, also when the fast YAML reader leaves the file to the yaml package after some rows were
 * checked.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { plainCsvRecords } from "./csv-fast.js";
import { readYamlRowsFast } from "./fast-yaml.js";
import { checkRow, loadSources } from "./load-sources.js";
import { readSourceRows } from "./source-file.js";

let work: string;
let root: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-each-row-"));
  root = join(work, "instance");
  mkdirSync(join(root, "custom", "links"), { recursive: true });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Every row read first, then each checked: what loadSources gives for one file. */
function readThenCheck(text: string, file: string) {
  const read = readSourceRows(text, file);
  const diagnostics = [...read.diagnostics];
  const links = [];
  for (const row of read.rows) {
    const checked = checkRow(row);
    if ("link" in checked) links.push(checked.link);
    else diagnostics.push(...checked.diagnostics);
  }
  return { links, diagnostics };
}

async function loaded(name: string, text: string) {
  writeFileSync(join(root, "custom", "links", name), text);
  const { links, diagnostics } = await loadSources(root);
  return { links, diagnostics };
}

describe("rows checked as they are read", () => {
  it("a YAML file the fast reader leaves to the yaml package after two rows: each row once", async () => {
    const text = [
      "- slug: a",
      "  target: https://example.com/a",
      "- slug: b",
      "  target: https://example.com/b",
      "  status: 299",
      "- slug: c",
      "  target: https://example.com/c",
      "  description: |",
      "    two",
      "    lines",
      "",
    ].join("\n");
    expect(readYamlRowsFast(text, "f.yaml")).toBeUndefined();
    const file = "custom/links/links.yaml";
    const result = await loaded("links.yaml", text);
    expect(result.links.map((l) => l.slug)).toEqual(["a", "c"]);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL105", 5]]);
    expect(result).toEqual(readThenCheck(text, file));
  });

  it("a CSV file: the reader's diagnostics (SL375) before the rows' own, as when read first", async () => {
    const text = "slug,target,status,routes\na,https://e.com/,299,\nb,https://e.com/,,nope\n";
    const result = await loaded("links.csv", text);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ["SL375", 3],
      ["SL105", 2],
    ]);
    expect(result).toEqual(readThenCheck(text, "custom/links/links.csv"));
  });

  it("a CSV file the plain reader leaves to csv-parse after two rows: its SL101 alone", async () => {
    const text = 'slug,target\na,https://e.com/a\nb,https://e.com/b\nc,https://e.com/"c\n';
    expect(plainCsvRecords(text)).toBeUndefined();
    const result = await loaded("links.csv", text);
    expect(result.links).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL101", 4]]);
    expect(result).toEqual(readThenCheck(text, "custom/links/links.csv"));
  });
});
