/**
 * One real-shaped export per format (fixtures/import/<case>/, each with SOURCE.md naming where
 * its shape comes from, and a copied file's LICENSE beside it), imported into the same small
 * instance. Goldens: the YAML written (expected.yaml) and the printed diagnostics (expected.txt). And the promise of import: every
 * source line is imported or named by an error diagnostic; nothing is dropped silently.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, isError } from "../lib/shared/diagnostics.js";
import { importLinks } from "../lib/engines/import/import-links.js";
import type { ImportFormat, RedirectsFlavour } from "../lib/engines/import/types.js";
import { expectGolden } from "./golden.js";

const DIR = join(import.meta.dirname, "..", "fixtures", "import");

const CASES: {
  name: string;
  format: ImportFormat;
  flavour?: RedirectsFlavour;
  lines: (text: string) => number[];
  /** The instance imported into, under fixtures/import/ (default `instance`). */
  instance?: string;
}[] = [
  {
    name: "redirects-cloudflare",
    format: "redirects",
    flavour: "cloudflare",
    lines: redirectLines,
  },
  { name: "redirects-netlify", format: "redirects", flavour: "netlify", lines: redirectLines },
  { name: "redirects-trailing-slash", format: "redirects", lines: redirectLines },
  // Real tables (each SOURCE.md names its repository, commit and license).
  {
    name: "redirects-astro-docs",
    format: "redirects",
    lines: redirectLines,
    instance: "instance-strict",
  },
  {
    name: "redirects-mui-x",
    format: "redirects",
    lines: redirectLines,
    instance: "instance-strict",
  },
  { name: "shlink", format: "shlink", lines: csvLines },
  { name: "yourls", format: "yourls", lines: csvLines },
  { name: "dub", format: "dub", lines: csvLines },
  { name: "bitly", format: "bitly", lines: csvLines },
  { name: "sink", format: "sink", lines: (text) => lineNumbers(text, /^ {2}\{/) },
  // vanityURLs' starter links file and its documented examples (SOURCE.md names both).
  { name: "vanityurls", format: "vanityurls", lines: vanityLines },
  { name: "vanityurls-docs", format: "vanityurls", lines: vanityLines },
  // API answers whose redirect rules and device/geo targets become routes.
  { name: "shlink-api", format: "shlink", lines: (text) => lineNumbers(text, /^ {2}\{/) },
  { name: "dub-api", format: "dub", lines: (text) => lineNumbers(text, /^ {2}\{/) },
];

function lineNumbers(text: string, pattern: RegExp): number[] {
  return text.split("\n").flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}
function redirectLines(text: string): number[] {
  return lineNumbers(text, /^\s*[^#\s]/);
}
/** A link line of v8s-links.txt; its `@schedule` lines go with it (vanityurls.test.ts). */
function vanityLines(text: string): number[] {
  return lineNumbers(text, /^\s*[^#\s@]/);
}
function csvLines(text: string): number[] {
  return lineNumbers(text, /\S/).slice(1); // one record per line in these samples
}

describe("import: one golden per format", () => {
  it.each(CASES)("$name", async (c) => {
    const root = mkdtempSync(join(tmpdir(), `shortlinks-import-${c.name}-`));
    try {
      cpSync(join(DIR, c.instance ?? "instance"), root, { recursive: true });
      const input = readdirSync(join(DIR, c.name)).find(
        (n) => !/^(expected|SOURCE|LICENSE)/.test(n),
      )!;
      cpSync(join(DIR, c.name, input), join(root, input));
      const result = await importLinks({
        root,
        format: c.format,
        input: join(root, input),
        flavour: c.flavour,
      });
      expectGolden(
        join(DIR, c.name, "expected.txt"),
        result.diagnostics.map(formatDiagnostic).join("\n") + "\n",
      );
      expect(result.written).toBe(`custom/links/imported-${c.format}.yaml`);
      const written = readFileSync(join(root, result.written!), "utf8");
      expectGolden(join(DIR, c.name, "expected.yaml"), written);

      // Nothing dropped silently: each source line is in the file, or an error names it.
      const source = readFileSync(join(root, input), "utf8");
      const importedLines = new Set(
        [...written.matchAll(new RegExp(`^# ${input}:(\\d+):`, "gm"))].map((m) => Number(m[1])),
      );
      const refused = new Set(result.diagnostics.filter(isError).map((d) => d.line));
      for (const line of c.lines(source))
        expect(importedLines.has(line) || refused.has(line), `${input}:${line}`).toBe(true);
      // What was written is a valid link source of the instance, and import counts its links.
      expect(Array.isArray(parse(written))).toBe(true);
      expect(result.imported).toBe((parse(written) as unknown[]).length);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("import twice: the duplicates are reported, never doubled", () => {
  it("a second run writes nothing and names each line as a duplicate (SL305)", async () => {
    const root = mkdtempSync(join(tmpdir(), "shortlinks-import-twice-"));
    try {
      cpSync(join(DIR, "instance"), root, { recursive: true });
      const input = join(DIR, "yourls", "yourls_url.csv");
      const first = await importLinks({ root, format: "yourls", input });
      expect(first.imported).toBe(4);
      const second = await importLinks({ root, format: "yourls", input });
      expect(second.written).toBeUndefined();
      expect(second.imported).toBe(0);
      expect(existsSync(join(root, "custom/links/imported-yourls-2.yaml"))).toBe(false);
      const duplicates = second.diagnostics.filter((d) => d.code === "SL305").map((d) => d.line);
      expect(duplicates.sort()).toEqual([2, 3, 4, 5]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
