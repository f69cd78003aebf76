/** custom/public: which files are refused (SL504, SL505) and how. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadCustomFiles } from "./custom-files.js";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

function publicFiles(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "shortlinks-public-"));
  roots.push(root);
  for (const [rel, content] of Object.entries(files)) {
    const file = join(root, "custom/public", rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}

describe("SL504: a public file on a product path, in any spelling the worker folds together", () => {
  it.each([["_STATS/x.html"], ["_\u017Ftats/x.html"], ["Assets/app.css"]])(
    "%s is refused",
    async (rel) => {
      const loaded = await loadCustomFiles(publicFiles({ [rel]: "x", "ok.html": "<p>ok</p>" }));
      expect(loaded.diagnostics.map((d) => [d.code, d.file])).toEqual([
        ["SL504", `custom/public/${rel}`],
      ]);
      expect(loaded.files.map((f) => f.path)).toEqual(["/ok.html"]);
    },
  );
});
