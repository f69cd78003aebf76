import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../../test/support/run-cli.js";
import { importLinks } from "./import-links.js";

const INSTANCE = join(import.meta.dirname, "..", "..", "..", "fixtures", "import", "instance");
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-import-unit-"));
  cpSync(INSTANCE, root, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const put = (name: string, text: string) => {
  writeFileSync(join(root, name), text);
  return join(root, name);
};
const codes = (r: { diagnostics: { code: string; line: number }[] }) =>
  r.diagnostics.map((d) => `${d.line}:${d.code}`);

describe("import", () => {
  it("SL850: a file that cannot be read, or a CSV without its columns, imports nothing", async () => {
    const missing = await importLinks({ root, format: "shlink", input: join(root, "nope.csv") });
    expect(codes(missing)).toEqual(["0:SL850"]);
    const wrong = await importLinks({ root, format: "shlink", input: put("x.csv", "a,b\n1,2\n") });
    expect(codes(wrong)).toEqual(["1:SL850"]);
    expect(wrong.diagnostics[0].message).toMatch(/no short code column/);
    expect(wrong.written).toBeUndefined();
  });

  it("a line the instance refuses gets its error alone: no note on how its link would have answered", async () => {
    const input = put(
      "v8s-links.txt",
      ["a b|https://example.com/x|disabled", "ok|https://example.com/ok|disabled"].join("\n"),
    );
    const result = await importLinks({ root, format: "vanityurls", input });
    expect(codes(result)).toEqual(["1:SL301", "2:SL392"]);
  });

  it("SL855: an --into that exists is never overwritten; nothing is written", async () => {
    const into = "custom/links/links.yaml";
    const before = readFileSync(join(root, into), "utf8");
    const input = put("_redirects", "/a https://example.com/a 301\n");
    const result = await importLinks({ root, format: "redirects", input, into });
    expect(codes(result)).toContain("0:SL855");
    expect(result.written).toBeUndefined();
    expect(result.imported).toBe(0);
    expect(readFileSync(join(root, into), "utf8")).toBe(before);
  });

  it("the default file name moves on to -2 when the first exists, and --into names a new one", async () => {
    const first = await importLinks({
      root,
      format: "redirects",
      input: put("r1", "/a https://example.com/a\n"),
    });
    expect(first.written).toBe("custom/links/imported-redirects.yaml");
    const second = await importLinks({
      root,
      format: "redirects",
      input: put("r2", "/b https://example.com/b\n"),
    });
    expect(second.written).toBe("custom/links/imported-redirects-2.yaml");
    const named = await importLinks({
      root,
      format: "redirects",
      input: put("r3", "/c https://example.com/c\n"),
      into: "custom/links/from-netlify.yaml",
    });
    expect(named.written).toBe("custom/links/from-netlify.yaml");
  });

  it("relative destinations become absolute on base_url", async () => {
    const result = await importLinks({
      root,
      format: "redirects",
      input: put("_redirects", "/about /company//about 301\n"),
    });
    expect(readFileSync(join(root, result.written!), "utf8")).toContain(
      "target: https://go.example.org/company/about",
    );
  });

  it("SL316: a destination that comes back to its own line on this host is refused; SL317: one that answers 404 here is imported with a warning", async () => {
    const input = put(
      "_redirects",
      "/docs /docs/ 301\n/about /company/about\n/ok https://example.com/ok\n",
    );
    const result = await importLinks({ root, format: "redirects", input });
    expect(result.diagnostics.filter((d) => d.code !== "SL853")).toEqual([
      expect.objectContaining({
        code: "SL316",
        line: 1,
        severity: "error",
        message: expect.stringMatching(
          /a redirect loop on this instance's own host: "docs" → "docs"/,
        ),
      }),
      // The loop comes from /docs and /docs/ being one path here: the importer says so.
      expect.objectContaining({ code: "SL385", line: 1, severity: "warning" }),
      expect.objectContaining({ code: "SL317", line: 2, severity: "warning" }),
    ]);
    const written = readFileSync(join(root, result.written!), "utf8");
    expect(written).toContain("slug: about");
    expect(written).toContain("slug: ok");
    expect(written).not.toContain("slug: docs");
  });

  it("SL850: while the instance has errors of its own, nothing is written", async () => {
    put(
      "custom/links/more.yaml",
      "- slug: c\n  target: https://example.com/orig\n- slug: [broken\n",
    );
    const result = await importLinks({
      root,
      format: "redirects",
      input: put("r", "/c https://example.com/c\n"),
    });
    expect(codes(result)).toContain("0:SL850");
    expect(result.diagnostics.find((d) => d.code === "SL850")?.message).toMatch(
      /nothing was written/,
    );
    expect(result.written).toBeUndefined();
    expect(result.imported).toBe(0);
    expect(existsSync(join(root, "custom/links/imported-redirects.yaml"))).toBe(false);
  });

  it("SL850: an export that is itself a link source of the instance is refused, nothing read or written", async () => {
    const input = put(
      "custom/links/short_urls.csv",
      "shortCode,longUrl\nabc,https://example.com/a\n",
    );
    const result = await importLinks({ root, format: "shlink", input });
    expect(codes(result)).toEqual(["0:SL850"]);
    expect(result.diagnostics[0].message).toMatch(/is itself a link source of the instance/);
    expect(result.written).toBeUndefined();
  });

  it("a UTF-16 export with its byte-order mark is read as text; NUL bytes without one are refused", async () => {
    const csv = "keyword,url\nhello,https://example.com/h\n";
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]);
    writeFileSync(join(root, "le.csv"), le);
    const read = await importLinks({ root, format: "yourls", input: join(root, "le.csv") });
    expect(read.diagnostics).toEqual([]);
    expect(read.imported).toBe(1);
    writeFileSync(join(root, "nul.csv"), Buffer.from(csv, "utf16le"));
    const refused = await importLinks({ root, format: "yourls", input: join(root, "nul.csv") });
    expect(codes(refused)).toEqual(["0:SL850"]);
    expect(refused.diagnostics[0].message).toMatch(/NUL bytes/);
  });

  it("SL856: several short domains are reported; --domain imports one and names the others (SL851)", async () => {
    const csv =
      "link,long_url\nhttps://bit.ly/a1,https://example.com/1\nhttps://go.acme.example/a2,https://example.com/2\n";
    const all = await importLinks({ root, format: "bitly", input: put("b.csv", csv) });
    expect(codes(all)).toEqual(["0:SL856"]);
    expect(all.imported).toBe(2);
    rmSync(join(root, all.written!));
    const one = await importLinks({
      root,
      format: "bitly",
      input: put("b.csv", csv),
      domain: "bit.ly",
    });
    expect(codes(one)).toEqual(["3:SL851"]);
    expect(one.diagnostics[0].message).toMatch(/a link of go\.acme\.example, not of bit\.ly/);
    expect(one.imported).toBe(1);
  });

  it("SL854: a nested splat below its parent is named with both lines", async () => {
    const input = put(
      "_redirects",
      "/a/* https://one.example/:splat\n/a/b/* https://two.example/:splat\n",
    );
    const result = await importLinks({ root, format: "redirects", input });
    const order = result.diagnostics.filter((d) => d.code === "SL854");
    expect(order).toEqual([
      expect.objectContaining({
        line: 2,
        message: expect.stringMatching(/^\/a\/b\/: the source's first match is line 1 \(\/a\/\*\)/),
      }),
    ]);
  });
});

describe("shortlinks import (CLI)", () => {
  const run = (...args: string[]) => runCli([...args, "--root", root]);

  it("exit 0 when every line is imported, 1 when one is not; a summary line either way", async () => {
    const ok = await run("import", "redirects", put("ok", "/a https://example.com/a 301\n"));
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(
      /imported 1 of 1 link\(s\) into custom\/links\/imported-redirects\.yaml; 0 not imported/,
    );
    expect(ok.out).toMatch(
      /^ok: SL853 \(info\) imported lines: 1 answers more paths in shortlinks/m,
    );
    const bad = await run(
      "import",
      "redirects",
      put("bad", "/p/:id/:id https://example.com/:id\n/b https://example.com/b\n"),
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/bad:1: SL851 not imported: placeholder :id is named twice/);
    expect(bad.out).toMatch(/imported 1 of 2 link\(s\)/);
  });

  it.each([
    [
      "sink (a minified export is one line)",
      "sink",
      JSON.stringify([
        { slug: "a", url: "https://example.com/a" },
        { url: "https://example.com/no-slug" },
        { slug: "p", url: "https://example.com/p", password: "x" },
      ]),
      "imported 1 of 3 link(s) into custom/links/imported-sink.yaml; 2 not imported",
    ],
    [
      "bitly (one line holds a link and its custom back-halves)",
      "bitly",
      "link,long_url,custom_bitlinks\nhttps://bit.ly/a,https://example.com/a,https://bit.ly/b https://bit.ly/api\n",
      "imported 2 of 3 link(s) into custom/links/imported-bitly.yaml; 1 not imported",
    ],
  ])("the summary counts links, not lines: %s", async (_what, format, text, summary) => {
    const r = await run("import", format, put("export", text));
    expect(r.code).toBe(1);
    expect(r.out).toContain(summary);
    rmSync(join(root, `custom/links/imported-${format}.yaml`));
    const json = JSON.parse((await run("import", format, put("export", text), "--json")).out);
    expect(json).toMatchObject({ links: 3 });
  });

  it("usage errors exit 2: an unknown format, flavour or an --into outside custom/links", async () => {
    const input = put("r", "/a https://example.com/\n");
    expect((await run("import", "csv", input)).code).toBe(2);
    expect((await run("import", "redirects", input, "--flavour", "vercel")).code).toBe(2);
    expect((await run("import", "redirects", input, "--into", "elsewhere.yaml")).code).toBe(2);
    expect(existsSync(join(root, "custom/links/imported-redirects.yaml"))).toBe(false);
  });

  it("--json keeps every diagnostic with its severity", async () => {
    const result = await run(
      "import",
      "redirects",
      put("r", "/a/* https://example.com/\n"),
      "--json",
    );
    const report = JSON.parse(result.out) as {
      written: string;
      imported: number;
      diagnostics: { code: string; severity: string }[];
    };
    expect(report.written).toBe("custom/links/imported-redirects.yaml");
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: "SL853", severity: "info" }),
    ]);
  });
});
