/**
 * End to end, as a user runs it: the built CLI (`node bin/shortlinks.js`, after build:cli) on a
 * throwaway copy of an instance: build, check, add, check again; a failed build keeps dist/.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKER_FILE } from "../lib/shared/paths.js";

const REPO = join(import.meta.dirname, "..");
const BIN = join(REPO, "bin", "shortlinks.js");
let root: string;

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// out/cli.js is current: the run's global setup builds it (test/global-setup.ts).
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-e2e-"));
  cpSync(join(REPO, "fixtures", "valid-basic", "custom"), join(root, "custom"), {
    recursive: true,
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("shortlinks CLI end to end", () => {
  it("build writes dist/ and src/worker.js and prints the bundle size", () => {
    const { code, out } = cli("build");
    expect(code).toBe(0);
    expect(out).toMatch(/built 10 links \(7 exact, 3 splat\)/);
    expect(out).toMatch(/worker\.js: [\d.]+ KiB \(\d+ bytes\)/);
    expect(readdirSync(join(root, "dist")).sort()).toEqual(["assets", "worker", "wrangler.json"]);
    expect(readdirSync(join(root, "dist", "worker"))).toEqual(["worker.js"]);
    expect(readFileSync(join(root, "src", "worker.js"), "utf8")).toBe(
      readFileSync(join(root, "dist", WORKER_FILE), "utf8"),
    );
    expect(JSON.parse(readFileSync(join(root, "dist", "wrangler.json"), "utf8"))).toMatchObject({
      main: WORKER_FILE,
      no_bundle: true,
      assets: { directory: "./assets", binding: "ASSETS", run_worker_first: true },
    });
  });

  it("check passes on the fresh build (warnings only) and --json says ok", () => {
    expect(cli("check").code).toBe(0);
    const json = cli("check", "--json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ ok: true });
  });

  it("add validates, appends, and check passes again; a duplicate is refused with the other place", () => {
    const added = cli(
      "add",
      "release-notes",
      "https://example.com/notes",
      "--status",
      "301",
      "--description",
      "Notes",
    );
    expect(added.code).toBe(0);
    expect(added.out).toMatch(
      /added release-notes -> https:\/\/example.com\/notes at custom\/links\/links\.yaml:\d+/,
    );
    expect(readFileSync(join(root, "custom", "links", "links.yaml"), "utf8")).toContain(
      "# A valid instance: every kind of row once.",
    );
    expect(cli("check").code).toBe(0);
    const duplicate = cli("add", "Release-Notes", "https://example.com/other");
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toMatch(/SL305 .*custom\/links\/links\.yaml:\d+/);
  });

  it("explain takes request facts as options and shows, route by route, what decided", () => {
    writeFileSync(
      join(root, "custom", "links", "routes.yaml"),
      [
        "- slug: go-app",
        "  target: https://example.com/get",
        "  status: 302 # the instance's default is 301, and routes refuse a permanent status",
        "  routes:",
        "    - when: { country: [FR, BE], language: fr, query: { ref: nl } }",
        "      target: https://example.com/fr/get",
        '    - when: { time: { days: mon-fri, from: "09:00", to: "17:00", tz: Europe/Paris } }',
        "      split:",
        '        - { weight: 1, target: "https://a.example.com/" }',
        '        - { weight: 1, target: "https://b.example.com/" }',
        "",
      ].join("\n"),
    );
    const facts = ["--country", "BE", "--lang", "en;q=0.5, fr", "--query", "ref=nl"];
    const json = JSON.parse(cli("explain", "/go-app", ...facts, "--json").out);
    expect(json.facts).toEqual({ country: "BE", lang: "en;q=0.5, fr", query: { ref: "nl" } });
    expect(json.routes.chosen).toBe(1);
    expect(json.outcome.location).toBe("https://example.com/fr/get?ref=nl");
    const at = ["--at", "2026-06-10T10:00:00+02:00", "--split-draw", "0.6"];
    const text = cli("explain", "/go-app", "--country", "DE", ...at);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/✗ route 1 .*country DE is not one of FR, BE/);
    expect(text.out).toMatch(/✓ route 2 .*time: wed 10:00 in Europe\/Paris is inside/);
    expect(text.out).toContain("=> 302 https://b.example.com/");
    rmSync(join(root, "custom", "links", "routes.yaml"));
  });

  it("add --remainder drop keeps the mode, explain shows it, and an exact link is refused (SL315)", () => {
    const added = cli("add", "old-docs/*", "https://docs.example.com/", "--remainder", "drop");
    expect(added.code).toBe(0);
    expect(readFileSync(join(root, "custom", "links", "links.yaml"), "utf8")).toMatch(
      /- slug: old-docs\/\*\n {2}target: https:\/\/docs\.example\.com\/\n {2}remainder: drop\n$/,
    );
    const explained = JSON.parse(cli("explain", "/old-docs/a/b", "--json").out);
    expect(explained.match).toMatchObject({ kind: "splat", remainder: "drop" });
    expect(explained.outcome.location).toBe("https://docs.example.com/");
    const exact = cli("add", "one-page", "https://docs.example.com/", "--remainder", "drop");
    expect(exact.code).toBe(1);
    expect(exact.err).toMatch(/SL315 .*splat links only/);
    expect(cli("add", "x/*", "https://docs.example.com/", "--remainder", "sideways").err).toMatch(
      /SL105 .*expected append or drop/,
    );
  });

  it("explain --at across daylight-saving changes: the same UTC time is inside the window on one side only", () => {
    writeFileSync(
      join(root, "custom", "links", "dst.yaml"),
      ["Europe/Paris", "America/New_York", "Australia/Lord_Howe"]
        .flatMap((zone, i) => [
          `- slug: desk-${i}`,
          "  target: https://example.com/closed",
          "  status: 302",
          "  routes:",
          `    - when: { time: { from: "09:00", to: "17:00", tz: ${zone} } }`,
          "      target: https://example.com/open",
        ])
        .join("\n") + "\n",
    );
    const at = (desk: number, instant: string) =>
      JSON.parse(cli("explain", `/desk-${desk}`, "--at", instant, "--json").out).outcome.location;
    const [open, closed] = ["https://example.com/open", "https://example.com/closed"];
    // Paris: 07:30Z is 08:30 before the spring change, 09:30 after it.
    expect([at(0, "2026-03-28T07:30:00Z"), at(0, "2026-03-29T07:30:00Z")]).toEqual([closed, open]);
    // New York: 13:30Z is 09:30 EDT before the autumn change, 08:30 EST after it.
    expect([at(1, "2026-10-31T13:30:00Z"), at(1, "2026-11-01T13:30:00Z")]).toEqual([open, closed]);
    // Lord Howe moves by half an hour: 22:15Z is 09:15 at +11, 08:45 at +10:30.
    expect([at(2, "2026-04-03T22:15:00Z"), at(2, "2026-04-04T22:15:00Z")]).toEqual([open, closed]);
    rmSync(join(root, "custom", "links", "dst.yaml"));
  });

  it("add --route adds routes that explain then takes; an unsafe route target is refused at its line", () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15";
    const app = ["add", "get-app", "https://example.com/get", "--status", "302"];
    const route = ["--route", "device=ios", "--route-target", "https://apps.apple.com/app/id1"];
    const fr = ["--route", "country=FR,BE", "--route-target", "https://example.com/fr/get"];
    const added = cli(...app, ...route, ...fr);
    expect(added.err).toBe("");
    expect(added.code).toBe(0);
    const explained = JSON.parse(cli("explain", "/get-app", "--ua", iphone, "--json").out);
    expect(explained.outcome.location).toBe("https://apps.apple.com/app/id1");
    const be = JSON.parse(cli("explain", "/get-app", "--country", "BE", "--json").out);
    expect(be.outcome.location).toBe("https://example.com/fr/get");
    const unsafe = cli(
      "add",
      "short",
      "https://example.com/",
      "--status",
      "302",
      "--route",
      "device=android",
      "--route-target",
      "https://bit.ly/x",
    );
    expect(unsafe.code).toBe(1);
    expect(unsafe.err).toMatch(/custom\/links\/links\.yaml:\d+: SL208 /);
    expect(unsafe.err).toMatch(/not added/);
    const unpaired = cli("add", "x", "https://example.com/", "--route", "device=ios");
    expect(unpaired.code).toBe(2);
    expect(unpaired.err).toMatch(/one --route-target per --route/);
  });

  it("a failed build exits 1, prints file:line problems and leaves the previous dist/ as it was", () => {
    expect(cli("build").code).toBe(0);
    const before = readFileSync(join(root, "dist", "assets", "links-shards", "0.jsonl"), "utf8");
    writeFileSync(
      join(root, "custom", "links", "zz-broken.yaml"),
      "- slug: api\n  target: https://example.com/\n",
    );
    const failed = cli("build");
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/custom\/links\/zz-broken\.yaml:1: SL303/);
    expect(readFileSync(join(root, "dist", "assets", "links-shards", "0.jsonl"), "utf8")).toBe(
      before,
    );
    expect(cli("check").code).toBe(1);
  });

  it("usage errors exit 2", () => {
    expect(cli("add").code).toBe(2);
    expect(cli("nope").code).toBe(2);
  });
});
