/**
 * The protected stats shell and tests page in Chromium, behind a test Access team (a key pair
 * made on the spot; the worker fetches its JWKS through the harness, never the network).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_AUD, claimsFor, makeAccessFixture } from "../support/access-keys.js";
import {
  startBrowserSite,
  WAIT_MS,
  watchedPage,
  type BrowserSite,
  type WatchedPage,
} from "./harness.js";

const ACCESS = {
  ACCESS_TEAM_DOMAIN: "https://browser-tests.cloudflareaccess.com",
  ACCESS_AUD: FIXTURE_AUD,
};

let site: BrowserSite;
let token = "";
beforeAll(async () => {
  const fixture = await makeAccessFixture();
  token = await fixture.sign(claimsFor(ACCESS));
  site = await startBrowserSite({
    vars: ACCESS,
    outbound: (request) => fixture.handleJwks(request),
  });
});
afterAll(async () => {
  await site?.close();
});

async function openOperator(
  path: string,
  authorised = true,
): Promise<WatchedPage & { status?: number }> {
  const watched = await watchedPage(
    site,
    authorised ? { extraHTTPHeaders: { "Cf-Access-Jwt-Assertion": token } } : {},
  );
  const response = await watched.page.goto(site.origin + path, { timeout: WAIT_MS });
  return { ...watched, status: response?.status() };
}

const NO_TOKEN = "no Cf-Access-Jwt-Assertion header or CF_Authorization cookie";
const rowCount = (w: WatchedPage) => w.page.locator("#stats-rows tr").count();

describe("operator pages in Chromium", () => {
  it.each([
    ["/en/_stats/", "stats"],
    ["/de/_tests/", "tests"],
  ])("%s is refused without an Access token, and the refusal is logged", async (path, area) => {
    const before = site.workerd.logs.length;
    const watched = await openOperator(path, false);
    expect(watched.status).toBe(403);
    await watched.context.close();
    const logs = await site.workerd.waitForLogs(before + 1);
    expect(logs.slice(before)).toEqual([
      `shortlinks: access refused on ${area}: no-token: ${NO_TOKEN}`,
    ]);
  });

  it.each(["en", "fr", "es", "it", "de"])(
    "stats shell (%s) lists the registry with zero console errors and CSP violations",
    async (lang) => {
      const watched = await openOperator(`/${lang}/_stats/`);
      expect(watched.status).toBe(200);
      expect(await watched.page.getAttribute("html", "lang")).toBe(lang);
      await watched.page.waitForSelector("#stats-table:not([hidden])", { timeout: WAIT_MS });
      expect(await rowCount(watched)).toBe(4);
      expect(await watched.page.textContent("#stats-rows")).toContain("custom/links/links.yaml:1");
      expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
      await watched.context.close();
    },
  );

  it("stats shell shows a link's title in a column of its own", async () => {
    const watched = await openOperator("/en/_stats/");
    await watched.page.waitForSelector("#stats-table:not([hidden])", { timeout: WAIT_MS });
    const headers = await watched.page.locator("#stats-table thead th").allTextContents();
    const column = headers.indexOf("Title");
    expect(column).toBeGreaterThan(0);
    const docs = watched.page.locator("#stats-rows tr", { hasText: "docs-team" });
    expect(await docs.locator("td").nth(column).textContent()).toBe("MDN Web Docs");
    const old = watched.page.locator("#stats-rows tr", { hasText: "custom/links/links.yaml:7" });
    expect(await old.locator("td").nth(column).textContent()).toBe("");
    await watched.context.close();
  });

  it.each<
    [
      string,
      { search?: string; state?: string; kind?: string; owner?: string; tag?: string },
      string[],
    ]
  >([
    ["search by the start of the slug", { search: "Do" }, ["docs"]],
    ["filter by owner", { owner: "docs-team" }, ["docs"]],
    ["filter by tag", { tag: "reference" }, ["docs"]],
    ["filter by state: retired", { state: "retired" }, ["old"]],
    ["filter by state: draft", { state: "draft" }, ["hidden"]],
    ["filter by kind: exact", { kind: "exact" }, ["docs", "hidden", "later", "old"]],
  ])("stats shell: %s", async (_rule, filter, slugs) => {
    const watched = await openOperator("/en/_stats/");
    const { page } = watched;
    await page.waitForSelector("#stats-table:not([hidden])", { timeout: WAIT_MS });
    if (filter.search) await page.fill("#stats-search", filter.search);
    if (filter.state) await page.selectOption("#stats-state", filter.state);
    if (filter.kind) await page.selectOption("#stats-kind", filter.kind);
    if (filter.owner) await page.fill("#stats-owner", filter.owner);
    if (filter.tag) await page.fill("#stats-tag", filter.tag);
    await page
      .locator("#stats-status", {
        hasText: new RegExp(`^Links 1–${slugs.length} of ${slugs.length}\\.$`),
      })
      .waitFor({ timeout: WAIT_MS });
    expect(await page.locator("#stats-rows tr td:first-child").allTextContents()).toEqual(slugs);
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await watched.context.close();
  });

  it("stats shell: counts per state filter the table, and the effective state is shown", async () => {
    const watched = await openOperator("/en/_stats/");
    const { page } = watched;
    await page.waitForSelector("#stats-counts button", { timeout: WAIT_MS });
    expect(await page.locator("#stats-counts button").allTextContents()).toEqual([
      "Active: 2",
      "Paused: 0",
      "Retired: 1",
      "Disabled: 0",
      "Draft: 1",
    ]);
    expect(await page.textContent("#stats-now")).toBe(
      "Right now: 1 active links redirect, 1 are scheduled, 0 have expired.",
    );
    await page.waitForSelector("#stats-table:not([hidden])", { timeout: WAIT_MS });
    const later = page.locator("#stats-rows tr", { hasText: "later" });
    expect(await later.locator("td").nth(3).textContent()).toBe("Scheduled");
    await page.click('#stats-counts button[data-state="retired"]');
    await page
      .locator("#stats-status", { hasText: /^Links 1–1 of 1\.$/ })
      .waitFor({ timeout: WAIT_MS });
    expect(await page.locator("#stats-rows tr td:first-child").allTextContents()).toEqual(["old"]);
    expect(await page.inputValue("#stats-state")).toBe("retired");
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await watched.context.close();
  });

  it("tests page shows each expectation passing, with the request facts it names, and a summary", async () => {
    const watched = await openOperator("/en/_tests/");
    expect(watched.status).toBe(200);
    await watched.page.waitForSelector("#tests-table:not([hidden])", { timeout: WAIT_MS });
    expect(await watched.page.locator("#tests-rows tr").count()).toBe(5);
    expect(await watched.page.locator("#tests-rows td.pass").count()).toBe(5);
    expect(await watched.page.locator("#tests-rows tr").nth(4).textContent()).toContain(
      "/docs (country FR, lang fr)",
    );
    expect(await watched.page.textContent("#tests-status")).toBe(
      "Expectations 1–5 of 5: 5 passed, 0 failed.",
    );
    expect(await watched.page.isDisabled("#tests-next")).toBe(true);
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await watched.context.close();
  });
});
