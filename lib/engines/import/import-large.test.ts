/**
 * Exports past one link source's row limit (lib/stages/1-sources/links/limits.ts): import splits what it writes
 * as build reads it, and a hundred thousand lines of diagnostics never overflow the stack.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSources } from "../../stages/1-sources/links/load-sources.js";
import { MAX_ROWS_PER_FILE } from "../../stages/1-sources/links/limits.js";
import { importLinks } from "./import-links.js";

const INSTANCE = join(import.meta.dirname, "..", "..", "..", "fixtures", "import", "instance");
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-import-large-"));
  cpSync(INSTANCE, root, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("import past the row limit of one link source", () => {
  it("SL111: yourls with 100,050 rows is written as two files, each of which build reads", async () => {
    const count = MAX_ROWS_PER_FILE + 50;
    const rows = Array.from({ length: count }, (_, i) => `k${i},https://example.com/p${i},t\n`);
    writeFileSync(join(root, "yourls.csv"), "keyword,url,title\n" + rows.join(""));
    const result = await importLinks({ root, format: "yourls", input: join(root, "yourls.csv") });
    expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(result.imported).toBe(count);
    expect(result.files).toEqual([
      "custom/links/imported-yourls.yaml",
      "custom/links/imported-yourls-part-2.yaml",
    ]);
    const loaded = await loadSources(root);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.links.filter((l) => /^k\d+$/.test(String(l.slug)))).toHaveLength(count);
  }, 300_000);

  it("100,001 _redirects lines are imported without overflowing the stack", async () => {
    const count = MAX_ROWS_PER_FILE + 1;
    const lines = Array.from({ length: count }, (_, i) => `/r${i} https://example.com/r${i} 301\n`);
    writeFileSync(join(root, "_redirects"), lines.join(""));
    const result = await importLinks({
      root,
      format: "redirects",
      input: join(root, "_redirects"),
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.imported).toBe(count);
    expect(result.files).toHaveLength(2);
  }, 300_000);
});
