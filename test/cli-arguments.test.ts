/**
 * Bad arguments, as an operator types them: each one gets exactly one line on stderr and exit 2,
 * never a stack trace or "internal error", and writes nothing. The first cases run the built CLI
 * as a process (a crash would show there); the rest call main() in process, which is what the
 * binary runs, at a fraction of the cost.
 */
import { spawnSync } from "node:child_process";
import { createServer, type AddressInfo, type Server } from "node:net";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";
import { CLI, REPO } from "./support/build-instance.js";

let work: string;
let root: string;
let file: string;
let empty: string;
let busy: Server;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-args-"));
  root = join(work, "instance");
  cpSync(join(REPO, "fixtures", "valid-basic", "custom"), join(root, "custom"), {
    recursive: true,
  });
  file = join(work, "passwd");
  writeFileSync(file, "root:x:0:0:root:/root:/bin/bash\n");
  empty = join(work, "empty");
  mkdirSync(empty);
  busy = createServer();
  await new Promise<void>((done) => busy.listen(0, "127.0.0.1", done));
});
afterAll(async () => {
  await new Promise((done) => busy.close(done));
  rmSync(work, { recursive: true, force: true });
});

const busyPort = () => String((busy.address() as AddressInfo).port);

function tree(): string[] {
  return readdirSync(work, { recursive: true, encoding: "utf8" }).sort();
}

const missing = () => join(work, "no-such-folder");

describe("every bad argument: one line on stderr, exit 2, nothing written", () => {
  it.each<[string, () => string[]]>([
    ["check --root FILE", () => ["check", "--root", file]],
    ["serve --host 999.1.1.1", () => ["serve", "--root", root, "--host", "999.1.1.1"]],
    ["build --out ROOT", () => ["build", "--root", root, "--out", root]],
    ["serve --port IN-USE", () => ["serve", "--root", root, "--port", busyPort()]],
  ])("%s (the CLI as a process)", (_name, args) => {
    const before = tree();
    const run = spawnSync(process.execPath, [CLI, ...args()], {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stdout).toBe("");
    expect(run.status).toBe(2);
    expect(tree()).toEqual(before);
  });

  it.each<[string, () => string[]]>([
    ["check --root MISSING", () => ["check", "--root", missing()]],
    ["build --root FILE", () => ["build", "--root", file]],
    ["explain --root FILE", () => ["explain", "/docs", "--root", file]],
    ["analytics test --root FILE", () => ["analytics", "test", "--root", file]],
    ["health --root FILE", () => ["health", "--root", file]],
    ["add --root MISSING", () => ["add", "x", "https://example.com/", "--root", missing()]],
    ["add --root NOT-AN-INSTANCE", () => ["add", "x", "https://example.com/", "--root", empty]],
    [
      "add --file outside custom/links",
      () => ["add", "x", "https://e.com/", "--root", root, "--file", "custom/other.yaml"],
    ],
    [
      "add --file ../escape.yaml",
      () => ["add", "x", "https://e.com/", "--root", root, "--file", "../escape.yaml"],
    ],
    ["build --out FILE", () => ["build", "--root", root, "--out", file]],
    ["serve --out FILE", () => ["serve", "--root", root, "--out", file, "--port", "0"]],
    ["serve --host a name", () => ["serve", "--root", root, "--host", "example.invalid"]],
    ["serve --host not this machine", () => ["serve", "--root", root, "--host", "192.0.2.1"]],
    ["serve --port 70000", () => ["serve", "--root", root, "--port", "70000"]],
    ["serve --root FILE", () => ["serve", "--root", file, "--port", "0"]],
    ["explain --at nonsense", () => ["explain", "/docs", "--root", root, "--at", "soon"]],
    ["explain --query without =", () => ["explain", "/docs", "--root", root, "--query", "ref"]],
    ["explain --split-draw 1", () => ["explain", "/docs", "--root", root, "--split-draw", "1"]],
    ["explain --asn a name", () => ["explain", "/docs", "--root", root, "--asn", "cloudflare"]],
    ["qr --root FILE", () => ["qr", "docs", "--root", file]],
    ["qr --root missing", () => ["qr", "docs", "--root", join(root, "missing")]],
    ["import --root FILE", () => ["import", "redirects", file, "--root", file]],
    ["import --root missing", () => ["import", "redirects", file, "--root", join(root, "missing")]],
    ["diff --root FILE", () => ["diff", "--root", file]],
    ["diff outside a git repository", () => ["diff", "main", "--root", root]],
    [
      "check --against outside a git repository",
      () => ["check", "--root", root, "--against", "main"],
    ],
    ["diff --days -1", () => ["diff", "--root", root, "--days", "-1"]],
    ["diff --at nonsense", () => ["diff", "--root", root, "--at", "soon"]],
    ["diff --json --markdown", () => ["diff", "--root", root, "--json", "--markdown"]],
  ])("%s", async (_name, args) => {
    const before = tree();
    const { code, outLines, err } = await runCli(args());
    expect(err).not.toMatch(/internal error|\n\s+at /);
    expect(err.split("\n")).toHaveLength(1);
    expect(outLines).toEqual([]);
    expect(code).toBe(2);
    expect(tree()).toEqual(before);
  });
});

describe("--at takes ISO 8601 with an offset only, as schedules do", () => {
  it.each([
    ["2027-01-01T00:00:00", "no offset: the machine's time zone would decide"],
    ["Jan 1 2027", "a loose date"],
    ["2027", "a year"],
    ["2027-02-30T00:00:00Z", "a day that does not exist"],
  ])("%s (%s) is refused by explain and diff, naming --at", async (at) => {
    for (const command of [["explain", "/docs"], ["diff"]]) {
      const { code, err } = await runCli([...command, "--root", root, "--at", at]);
      expect(code).toBe(2);
      expect(err).toMatch(/--at must be ISO 8601 with an offset/);
    }
  });
});
