/**
 * Imported routes answer as the source did: the API samples of fixtures/import/shlink-api and
 * dub-api imported with the CLI, the instance built and checked, then requests with facts (a
 * User-Agent, a country, a language, a query, an address, a time) answered by the worker's own
 * engine over the compiled instance.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "../../../test/support/run-cli.js";
import { UA } from "../../../test/cases/requests-routes.js";
import { createExplainer, type Explainer } from "../explain/explain.js";
import type { NamedFacts } from "../../../runtime/link-routes/named-facts.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/import");
const roots: string[] = [];

function instance(): string {
  const root = mkdtempSync(join(tmpdir(), "shortlinks-import-routes-"));
  roots.push(root);
  cpSync(join(FIXTURES, "instance"), root, { recursive: true });
  return root;
}
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

let explainer: Extract<Explainer, { ok: true }>;
const NOW = new Date("2026-04-01T12:00:00Z");
async function location(path: string, facts: NamedFacts = {}, at = NOW) {
  const answer = await explainer.explain({ path, facts, at });
  return answer.outcome.location;
}

describe("import: Shlink's redirect rules and Dub's targets answer as routes", () => {
  beforeAll(async () => {
    const root = instance();
    for (const [format, file] of [
      ["shlink", "shlink-api/short-urls.json"],
      ["dub", "dub-api/links.json"],
    ])
      await runCli([
        "import",
        format,
        join(FIXTURES, file),
        "--root",
        root,
        "--into",
        `custom/links/${format}.yaml`,
      ]);
    // The Dub sample's app repeats the Shlink sample's: Dub's app is imported on its own below.
    expect((await runCli(["build", "--root", root, "--out", join(root, "dist")])).code).toBe(0);
    const check = await runCli(["check", "--root", root]);
    expect(check.code, check.text).toBe(0);
    const created = await createExplainer(root);
    if (!created.ok) throw new Error(JSON.stringify(created.diagnostics));
    explainer = created;
  }, 60_000);

  it("Shlink device rules: ios is iPhone and iPad, android, desktop the four desktop systems", async () => {
    expect(await location("/app", { ua: UA.iphone })).toBe("https://apps.apple.com/app/id1");
    expect(await location("/app", { ua: UA.ipad })).toBe("https://apps.apple.com/app/id1");
    expect(await location("/app", { ua: UA.androidPhone })).toBe(
      "https://play.google.com/store/apps/details?id=com.example",
    );
    expect(await location("/app", { ua: UA.firefoxWindows })).toBe(
      "https://example.com/desktop/get",
    );
    expect(await location("/app")).toBe("https://example.com/get");
  });

  it("Shlink conditions of one rule all hold: country FR and language fr", async () => {
    expect(await location("/app", { country: "FR", lang: "fr-FR, en;q=0.5" })).toBe(
      "https://example.com/fr/get",
    );
    expect(await location("/app", { country: "BE", lang: "fr" })).toBe("https://example.com/get");
  });

  it("Shlink query, address and date rules (the query is passed on, as Shlink's forwardQuery does)", async () => {
    expect(await location("/promo", { query: { utm_source: "newsletter" } })).toBe(
      "https://example.com/promo/newsletter?utm_source=newsletter",
    );
    expect(await location("/promo", { query: { ref: "abc" } })).toBe(
      "https://example.com/promo/referred?ref=abc",
    );
    expect(await location("/promo", { query: { preview: "" } })).toBe(
      "https://example.com/promo/preview?preview=",
    );
    expect(await location("/promo", { ip: "11.22.33.44" })).toBe(
      "https://intranet.example.com/promo",
    );
    expect(await location("/promo", { ip: "192.0.2.200" })).toBe(
      "https://example.com/promo/office",
    );
    expect(await location("/promo", {}, new Date("2026-02-01T00:00:00Z"))).toBe(
      "https://example.com/promo/early",
    );
    const late = new Date("2026-07-01T00:00:00Z");
    expect(await location("/promo", { ua: UA.firefoxWindows }, late)).toBe(
      "https://example.com/promo/late",
    );
    expect(await location("/promo", { ua: UA.edgeWindows }, late)).toBe(
      "https://example.com/promo",
    );
  });

  it("a Shlink short URL with forwardQuery false keeps the query to itself", async () => {
    expect(await location("/docs", { query: { a: "1" } })).toBe("https://docs.example.com/start");
    expect(await location("/app", { query: { a: "1" } })).toBe("https://example.com/get?a=1");
  });

  it("a Shlink rule left out (city) sends its visitors on to the next rule or the default", async () => {
    expect(await location("/office", { ua: UA.iphone })).toBe("https://example.com/office");
    expect(await location("/office", { ua: UA.edgeWindows })).toBe(
      "https://example.com/office/windows",
    );
  });

  it("Dub: iOS (iPad too), then Android, then the country, then the A/B test until it ends", async () => {
    expect(await location("/sale", { country: "GB" })).toBe("https://example.co.uk/sale");
    expect(await location("/sale", { country: "GB" }, new Date("2030-01-02T00:00:00Z"))).toBe(
      "https://example.com/sale/over",
    );
    const during = new Date("2029-01-01T00:00:00Z");
    expect(await location("/launch", { split_draw: 0.1 }, during)).toBe(
      "https://example.com/launch-a",
    );
    expect(await location("/launch", { split_draw: 0.7 }, during)).toBe(
      "https://example.com/launch-b",
    );
    expect(await location("/launch", { split_draw: 0.7 }, new Date("2031-01-01T00:00:00Z"))).toBe(
      "https://example.com/launch",
    );
  });
});

describe("import: Dub's geo targets, one route per URL", () => {
  it("countries sharing a URL share a route; iOS wins over the country, as in Dub", async () => {
    const root = instance();
    const run = await runCli([
      "import",
      "dub",
      join(FIXTURES, "dub-api/links.json"),
      "--root",
      root,
    ]);
    expect(run.text).toContain("imported 6 of 9");
    const created = await createExplainer(root);
    if (!created.ok) throw new Error(JSON.stringify(created.diagnostics));
    explainer = created;
    expect(await location("/app", { country: "BE" })).toBe("https://example.com/fr/get");
    expect(await location("/app", { country: "DE" })).toBe("https://example.com/de/get");
    expect(await location("/app", { country: "DE", ua: UA.ipad })).toBe(
      "https://apps.apple.com/app/id1",
    );
    expect(await location("/app", { country: "US" })).toBe("https://example.com/get");
  });
});

describe("import: no redirect rule dropped silently", () => {
  it("each rule of the Shlink sample is a route, or named at its line, or its link is refused", async () => {
    const root = instance();
    const file = join(FIXTURES, "shlink-api/short-urls.json");
    const run = await runCli(["import", "shlink", file, "--root", root, "--json"]);
    const result = JSON.parse(run.out) as { diagnostics: { code: string; line: number }[] };
    const source = JSON.parse(readFileSync(file, "utf8")) as {
      shortCode: string;
      redirectRules?: unknown[];
    }[];
    const written = parse(
      readFileSync(join(root, "custom/links/imported-shlink.yaml"), "utf8"),
    ) as { slug: string; routes?: unknown[] }[];
    const routes = new Map(written.map((r) => [r.slug, r.routes?.length ?? 0]));
    const named = result.diagnostics.filter((d) => d.code === "SL376" || d.code === "SL377");
    const ruleLines = readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (/^ {6}\{$/.test(line) ? [i + 1] : []));
    let rules = 0;
    let accounted = 0;
    for (const short of source) {
      const count = short.redirectRules?.length ?? 0;
      if (count === 0) continue; // no rules (legacy's routes are its deviceLongUrls)
      rules += count;
      if (!routes.has(short.shortCode))
        accounted += count; // refused whole, with an error
      else accounted += routes.get(short.shortCode)!;
    }
    accounted += named.filter((d) => ruleLines.includes(d.line)).length;
    expect(rules).toBeGreaterThan(10);
    expect(accounted).toBe(rules);
  });
});

describe("import: a site whose default status is permanent (SL379)", () => {
  it("a link with routes is written with status 302 and says so; one without keeps the default", async () => {
    const root = instance();
    const site = join(root, "custom/site.yaml");
    writeFileSync(site, readFileSync(site, "utf8") + "default_status: 301\n");
    const run = await runCli([
      "import",
      "dub",
      join(FIXTURES, "dub-api/links.json"),
      "--root",
      root,
      "--json",
    ]);
    const result = JSON.parse(run.out) as { diagnostics: { code: string; line: number }[] };
    expect(result.diagnostics.filter((d) => d.code === "SL379").map((d) => d.line)).toEqual([
      2, 38, 67,
    ]);
    const rows = parse(readFileSync(join(root, "custom/links/imported-dub.yaml"), "utf8")) as {
      slug: string;
      status?: number;
    }[];
    expect(rows.map((r) => [r.slug, r.status])).toEqual([
      ["app", 302],
      ["sale", 302],
      ["launch", 302],
      ["old", undefined],
      ["handbook", undefined],
      ["spring", undefined],
    ]);
    expect(result.diagnostics.some((d) => d.code === "SL372")).toBe(false);
  });
});
