/** custom/public: which files are refused (SL504, SL505) and how. */
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_ASSET_BYTES } from "../../../../runtime/contract/index.js";
import { loadCustomFiles } from "./custom-files.js";

/** Every file the reader opens (node:fs/promises readFile, passed through). */
const opened = vi.hoisted(() => [] as string[]);
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const readFile = ((path: string, ...rest: unknown[]) => {
    opened.push(String(path));
    return (real.readFile as (...a: unknown[]) => unknown)(path, ...rest);
  }) as typeof real.readFile;
  return { ...real, readFile, default: { ...real, readFile } };
});

const roots: string[] = [];
afterEach(() => {
  roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true }));
  opened.splice(0);
});

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

describe("SL505: a public file larger than Cloudflare serves", () => {
  it("is refused by its size, before it is read", async () => {
    const root = publicFiles({ "big.bin": "", "ok.html": "<p>ok</p>" });
    truncateSync(join(root, "custom/public/big.bin"), MAX_ASSET_BYTES + 1); // sparse: no data
    const loaded = await loadCustomFiles(root);
    expect(loaded.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["SL505", "/big.bin is 26214401 bytes; Cloudflare serves at most 26214400 bytes per file"],
    ]);
    expect(opened.map((p) => p.slice(root.length))).toEqual(["/custom/public/ok.html"]);
  });
});
