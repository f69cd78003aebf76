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

  it.each<[string, { search?: string; state?: string; kind?: string }, string[]]>([
    ["search by target", { search: "en-us/docs" }, ["docs"]],
    ["search by tag", { search: "reference" }, ["docs"]],
    ["search by owner", { search: "docs-team" }, ["docs"]],
    ["filter by effective state: retired", { state: "retired" }, ["old"]],
    ["filter by effective state: scheduled", { state: "scheduled" }, ["later"]],
    ["filter by state: draft", { state: "draft" }, ["hidden"]],
  ])("stats shell: %s", async (_rule, filter, slugs) => {
    const watched = await openOperator("/en/_stats/");
    const { page } = watched;
    await page.waitForSelector("#stats-table:not([hidden])", { timeout: WAIT_MS });
    if (filter.search) await page.fill("#stats-search", filter.search);
    if (filter.state) await page.selectOption("#stats-state", filter.state);
    if (filter.kind) await page.selectOption("#stats-kind", filter.kind);
    await page.waitForFunction(
      `document.querySelectorAll("#stats-rows tr").length === ${slugs.length}`,
      undefined,
      { timeout: WAIT_MS },
    );
    expect(await page.locator("#stats-rows tr td:first-child").allTextContents()).toEqual(slugs);
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await watched.context.close();
  });

  it("tests page shows each expectation passing and a summary", async () => {
    const watched = await openOperator("/en/_tests/");
    expect(watched.status).toBe(200);
    await watched.page.waitForSelector("#tests-table:not([hidden])", { timeout: WAIT_MS });
    expect(await watched.page.locator("#tests-rows tr").count()).toBe(4);
    expect(await watched.page.locator("#tests-rows td.pass").count()).toBe(4);
    expect(await watched.page.textContent("#tests-status")).toBe("4 passed, 0 failed, 4 in total.");
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
    await watched.context.close();
  });
});
