/**
 * The stats shell in Chromium on a generated instance of 100,000 links (bench/generate.mjs, built
 * in a temporary folder): first page, next page, prefix search and a state filter, each a slice
 * of the paged API, with zero console errors and CSP violations. Building the instance takes
 * about 10 s on the project's 2-core machine (measured and printed below).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_AUD, claimsFor, makeAccessFixture } from "../support/access-keys.js";
import { sortKeyOf } from "../../runtime/stats/listings.js";
import { makeLinks, writeInstance, type GeneratedLink } from "../../bench/generate.mjs";
import {
  startBrowserSite,
  WAIT_MS,
  watchedPage,
  type BrowserSite,
  type WatchedPage,
} from "./harness.js";

const SIZE = 100_000;
const ACCESS = {
  ACCESS_TEAM_DOMAIN: "https://browser-stats.cloudflareaccess.com",
  ACCESS_AUD: FIXTURE_AUD,
};

const links = makeLinks(SIZE);
const byKey = (a: GeneratedLink, b: GeneratedLink) => {
  const [x, y] = [sortKeyOf(a.slug, false), sortKeyOf(b.slug, false)];
  return x < y ? -1 : x > y ? 1 : 0;
};
const sorted = [...links].sort(byKey);
const thousands = (n: number) => n.toLocaleString("en");

let site: BrowserSite;
let token = "";
let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "shortlinks-stats-100k-"));
  await writeInstance(folder, links, { name: "100k" });
  const fixture = await makeAccessFixture();
  token = await fixture.sign(claimsFor(ACCESS));
  const started = performance.now();
  site = await startBrowserSite({
    instance: folder,
    vars: ACCESS,
    outbound: (request) => fixture.handleJwks(request),
  });
  console.log(
    `100k-link instance built and served in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
afterAll(async () => {
  await site?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
  if (site) await rm(site.built.root, { recursive: true, force: true });
});

async function openStats(): Promise<WatchedPage> {
  const watched = await watchedPage(site, {
    extraHTTPHeaders: { "Cf-Access-Jwt-Assertion": token },
  });
  await watched.page.goto(site.origin + "/en/_stats/", { timeout: WAIT_MS });
  return watched;
}

const statusIs = (w: WatchedPage, text: string) =>
  w.page
    .locator("#stats-status", { hasText: new RegExp(`^${text.replace(/[.]/g, "\\.")}$`) })
    .waitFor({ timeout: WAIT_MS });
const slugs = (w: WatchedPage) => w.page.locator("#stats-rows tr td:first-child").allTextContents();
const noProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };

describe("stats shell on 100,000 links", () => {
  it("first page: the first hundred links in slug order, of the whole total, and the counts", async () => {
    const w = await openStats();
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    expect(await slugs(w)).toEqual(sorted.slice(0, 100).map((l) => l.slug));
    await w.page
      .locator("#stats-total", { hasText: thousands(SIZE) })
      .waitFor({ timeout: WAIT_MS });
    const paused = links.filter((l) => l.state === "paused").length;
    expect(await w.page.textContent('#stats-counts button[data-state="paused"]')).toBe(
      `Paused: ${thousands(paused)}`,
    );
    expect(w.problems).toEqual(noProblems);
    await w.context.close();
  });

  it("next page and back: the following hundred, then the first again", async () => {
    const w = await openStats();
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    await w.page.click("#stats-next");
    await statusIs(w, `Links 101–200 of ${thousands(SIZE)}.`);
    expect(await slugs(w)).toEqual(sorted.slice(100, 200).map((l) => l.slug));
    await w.page.click("#stats-prev");
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    expect(await slugs(w)).toEqual(sorted.slice(0, 100).map((l) => l.slug));
    expect(w.problems).toEqual(noProblems);
    await w.context.close();
  });

  it("prefix search: only links whose normalised slug starts with it, with their total", async () => {
    const prefix = "docs/";
    const matching = sorted.filter((l) => sortKeyOf(l.slug, false).startsWith(prefix));
    expect(matching.length).toBeGreaterThan(100);
    const w = await openStats();
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    await w.page.fill("#stats-search", "Docs/");
    await statusIs(w, `Links 1–100 of ${thousands(matching.length)}.`);
    expect(await slugs(w)).toEqual(matching.slice(0, 100).map((l) => l.slug));
    expect(w.problems).toEqual(noProblems);
    await w.context.close();
  });

  it("filter by state: paused links only, with their total, and the next page of them", async () => {
    const paused = sorted.filter((l) => l.state === "paused");
    expect(paused.length).toBeGreaterThan(200);
    const w = await openStats();
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    await w.page.selectOption("#stats-state", "paused");
    await statusIs(w, `Links 1–100 of ${thousands(paused.length)}.`);
    expect(await slugs(w)).toEqual(paused.slice(0, 100).map((l) => l.slug));
    const states = await w.page.locator("#stats-rows tr td:nth-child(4)").allTextContents();
    expect(new Set(states)).toEqual(new Set(["Paused"]));
    await w.page.click("#stats-next");
    await statusIs(w, `Links 101–200 of ${thousands(paused.length)}.`);
    expect(await slugs(w)).toEqual(paused.slice(100, 200).map((l) => l.slug));
    expect(w.problems).toEqual(noProblems);
    await w.context.close();
  });

  it("a cursor the API refuses (an earlier deployment's) starts the listing again at its first page", async () => {
    const w = await openStats();
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    // What a deployment that changed the links does to the cursor the page holds.
    await w.page.route(/\/api\/links\.json\?.*cursor=/, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("cursor", "W10.AAAAAAAAAAAAAAAAAAAAAA");
      return route.continue({ url: url.href });
    });
    const refused = w.page.waitForResponse(
      (r) => r.url().includes("cursor=") && r.status() === 400,
    );
    const again = w.page.waitForResponse(
      (r) => r.url().includes("/api/links.json") && !r.url().includes("cursor=") && r.ok(),
    );
    await w.page.click("#stats-next");
    await refused;
    await again;
    await statusIs(w, `Links 1–100 of ${thousands(SIZE)}.`);
    expect(await slugs(w)).toEqual(sorted.slice(0, 100).map((l) => l.slug));
    expect(await w.page.isDisabled("#stats-prev")).toBe(true);
    expect(w.problems.pageErrors).toEqual([]);
    expect(w.problems.cspViolations).toEqual([]);
    await w.context.close();
  });
});
