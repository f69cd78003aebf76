import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QR_MAX_BYTES } from "../../runtime/contract/index.js";
import { runCli } from "../../test/support/run-cli.js";
import { qrSvg } from "../../runtime/pages/qr-svg.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-qr-"));
  cpSync(join(import.meta.dirname, "..", "..", "test", "instance"), root, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (...args: string[]) => runCli([...args, "--root", root]);

describe("shortlinks qr", () => {
  it("prints the QR code in the terminal, then the short URL (the link's own slug)", async () => {
    const r = await run("qr", "DOCS", "--domain", "links.example.com");
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    expect(lines.at(-1)).toBe("https://links.example.com/docs");
    expect(lines.length).toBeGreaterThan(10);
    expect(lines[0]).toMatch(/^[█▀▄ ]+$/);
  });

  it("--svg writes the very SVG the lookup page shows", async () => {
    const file = join(root, "out", "docs.svg");
    mkdirSync(join(root, "out")); // qr creates no folders (docs/limits.md)
    const r = await run("qr", "docs", "--domain", "links.example.com", "--svg", file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/QR code of https:\/\/links\.example\.com\/docs$/);
    expect(readFileSync(file, "utf8")).toBe(qrSvg("https://links.example.com/docs") + "\n");
  });

  it("a path under a splat link encodes the path asked for", async () => {
    const r = await run("qr", "gh/acme/tool");
    expect(r.out.split("\n").at(-1)).toBe("https://links.example.com/gh/acme/tool");
  });

  it("an unknown slug exits 1 and writes nothing", async () => {
    const file = join(root, "none.svg");
    const r = await run("qr", "no-such-link", "--svg", file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no link answers \/no-such-link/);
    expect(existsSync(file)).toBe(false);
  });

  // https://links.example.com/gh/ and a path under the splat: exactly QR_MAX_BYTES, then one more.
  const room = QR_MAX_BYTES - "https://links.example.com/gh/".length;

  it(`the largest short URL a QR code holds (${QR_MAX_BYTES} bytes) is printed`, async () => {
    const r = await run("qr", "gh/" + "a".repeat(room));
    expect(r.code).toBe(0);
    expect(r.out.split("\n").at(-1)).toHaveLength(QR_MAX_BYTES);
  });

  it("one byte more exits 1 with SL810 at the link's line, no stack, and writes nothing", async () => {
    const file = join(root, "long.svg");
    const r = await run("qr", "gh/" + "a".repeat(room + 1), "--svg", file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      new RegExp(
        `^custom/links/\\S+:\\d+: SL810 the short URL of gh/\\* is ${QR_MAX_BYTES + 1} bytes long; a QR code holds at most ${QR_MAX_BYTES}`,
      ),
    );
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.out).toBe("");
    expect(existsSync(file)).toBe(false);
  });

  it("a path of 3,000 characters is SL810, not a stack trace", async () => {
    const r = await run("qr", "gh/" + "€".repeat(1000));
    expect(r.code).toBe(1);
    expect(r.err).toContain("SL810");
    expect(r.err).not.toMatch(/RangeError|Data too long/);
  });
});
