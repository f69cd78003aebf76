/**
 * Private links on the command line (docs/private-links.md): `qr` refuses a private link without
 * `--private` (SL539), `explain --as EMAIL` shows what that person gets, `build` writes
 * dist/access.json.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";
import { tinyInstance } from "./support/tiny-instance.js";

const SITE = [
  "site_name: Test",
  "base_url: https://go.example.org",
  "access:",
  "  zones:",
  "    - name: staff",
  "      prefix: /staff",
  "      aud: staff-aud-0123456789",
  "      allow_targets: [wiki.corp]",
  "",
].join("\n");

const LINKS = [
  "- slug: staff/oncall",
  "  target: https://oncall.example.com/rota",
  "- slug: staff/bands",
  "  target: https://people.example.com/bands",
  "  allow: { emails: [carol@example.com] }",
  "- slug: staff/me",
  "  target: http://wiki.corp/users/{user.local}",
  "- slug: docs",
  "  target: https://docs.example.com/",
  "",
].join("\n");

let root: string;
beforeAll(() => {
  root = tinyInstance("shortlinks-private-cli-", LINKS, SITE);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("qr and private links", () => {
  it("SL539: qr refuses a private link without --private, and says why", async () => {
    const run = await runCli(["qr", "staff/oncall", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.out).toBe("");
    expect(run.err).toContain("SL539");
    expect(run.err).toContain("--private");
  });

  it("SL539: with --private, qr prints the private link's QR code", async () => {
    const run = await runCli(["qr", "staff/oncall", "--private", "--root", root]);
    expect(run.code).toBe(0);
    expect(run.outLines.at(-1)).toBe("https://go.example.org/staff/oncall");
  });

  it("SL539: an unknown slug inside the zone is still no link, with or without --private", async () => {
    const run = await runCli(["qr", "staff/nothing", "--private", "--root", root]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("no link answers /staff/nothing");
  });

  it("a public link needs no --private", async () => {
    const run = await runCli(["qr", "docs", "--root", root]);
    expect(run.code).toBe(0);
  });
});

describe("explain --as", () => {
  const explain = async (...args: string[]) => {
    const run = await runCli(["explain", ...args, "--json", "--root", root]);
    expect(run.code).toBe(0);
    return JSON.parse(run.out) as {
      zone?: string;
      as?: string | null;
      outcome: { status: number; location?: string };
    };
  };

  it("without --as, a private link is the miss everyone without a token gets", async () => {
    const e = await explain("/staff/oncall");
    expect(e).toMatchObject({ zone: "staff", as: null, outcome: { status: 404 } });
  });

  it("--as shows what that person gets: the allow list and {user.local} applied", async () => {
    expect((await explain("/staff/bands", "--as", "carol@example.com")).outcome).toEqual({
      status: 302,
      location: "https://people.example.com/bands",
    });
    expect((await explain("/staff/bands", "--as", "dave@example.com")).outcome.status).toBe(404);
    expect((await explain("/staff/me", "--as", "a.b@example.com")).outcome.location).toBe(
      "http://wiki.corp/users/a.b",
    );
  });

  it("outside every zone the trace says nothing of zones", async () => {
    const e = await explain("/docs");
    expect(e.zone).toBeUndefined();
    expect(e.as).toBeUndefined();
  });

  it("--as takes an e-mail address", async () => {
    const run = await runCli(["explain", "/staff/oncall", "--as", "carol", "--root", root]);
    expect(run.code).toBe(2);
    expect(run.err).toContain("--as takes an e-mail address");
  });
});

describe("build writes dist/access.json", () => {
  it("each zone with both Access application paths and its aud", async () => {
    const out = join(root, "dist");
    const run = await runCli(["build", "--root", root, "--out", out]);
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "access.json"), "utf8"))).toEqual({
      schema: "shortlinks.access/1",
      host: "go.example.org",
      zones: [
        {
          name: "staff",
          aud: "staff-aud-0123456789",
          paths: ["/staff", "/staff/*"],
          destinations: ["go.example.org/staff", "go.example.org/staff/*"],
        },
      ],
    });
  });
});
