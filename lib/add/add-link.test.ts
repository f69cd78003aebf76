import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addLink } from "./add-link.js";

const LINKS =
  "# Our links\n- slug: docs # the docs\n  target: 'https://docs.example.com/'\n\n# more below\n- slug: gh/*\n  target: https://github.com/org\n";
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-add-"));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(
    join(root, "custom", "site.yaml"),
    "site_name: T\nbase_url: https://go.example.org\n",
  );
  writeFileSync(join(root, "custom", "links", "links.yaml"), LINKS);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const file = () => readFileSync(join(root, "custom", "links", "links.yaml"), "utf8");

describe("add", () => {
  it("appends the row and keeps every existing byte (comments, order, quoting)", async () => {
    const result = await addLink({
      root,
      row: {
        slug: "blog",
        target: "https://blog.example.com/",
        status: 301,
        schedule: { label: "l", end: "2099-01-01T00:00:00Z" },
      },
    });
    expect(result).toMatchObject({ ok: true, file: "custom/links/links.yaml", line: 8 });
    expect(file().startsWith(LINKS)).toBe(true);
    expect(parse(file()).at(-1)).toEqual({
      slug: "blog",
      target: "https://blog.example.com/",
      status: 301,
      schedule: { label: "l", end: "2099-01-01T00:00:00Z" },
    });
    expect(file().split("\n")[7]).toBe("- slug: blog");
  });

  it("refuses a duplicate after normalisation and names the other place; the file is unchanged", async () => {
    const result = await addLink({
      root,
      row: { slug: "DOCS", target: "https://other.example.com/" },
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL305"]);
    expect(result.diagnostics[0].message).toContain("custom/links/links.yaml:2");
    expect(file()).toBe(LINKS);
  });

  it.each([
    ["SL205", { slug: "x", target: "ftp://example.com/" }],
    ["SL303", { slug: "api", target: "https://example.com/" }],
    ["SL105", { slug: "x", target: "https://example.com/", status: 200 }],
    [
      "SL312",
      { slug: "x", target: "https://example.com/", schedule: { label: "l", start: "2026-01-01" } },
    ],
  ])("refuses a row with %s", async (code, row) => {
    const result = await addLink({ root, row });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toContain(code);
    expect(file()).toBe(LINKS);
  });

  it("creates a new source file when --file names one that does not exist", async () => {
    const result = await addLink({
      root,
      file: "custom/links/new.yaml",
      row: { slug: "new", target: "https://example.com/new" },
    });
    expect(result.ok).toBe(true);
    expect(parse(readFileSync(join(root, "custom", "links", "new.yaml"), "utf8"))).toEqual([
      { slug: "new", target: "https://example.com/new" },
    ]);
    expect(existsSync(join(root, "custom", "links", "links.yaml"))).toBe(true);
  });

  it("a file without a trailing newline still gets a well-formed row", async () => {
    writeFileSync(join(root, "custom", "links", "links.yaml"), LINKS.trimEnd());
    await addLink({ root, row: { slug: "x", target: "https://example.com/x" } });
    expect(parse(file())).toHaveLength(3);
  });
});
