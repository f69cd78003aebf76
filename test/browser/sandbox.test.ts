/**
 * A custom page (custom/public/hello.html) runs in the sandbox: opaque origin, so its fetches carry
 * `Origin: null`. It may call the two POST endpoints and nothing protected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserSite, WAIT_MS, watchedPage, type BrowserSite } from "./harness.js";

interface Probe {
  status?: number;
  text?: string;
  error?: string;
}
interface SandboxReport {
  origin: string;
  resolve: Probe;
  beacon: Probe;
  stats: Probe;
  storage: string;
}

let site: BrowserSite;
let report: SandboxReport;
let cspHeader = "";
let cspViolations: string[] = [];
let pageErrors: string[] = [];
const origins = new Map<string, string | undefined>();

beforeAll(async () => {
  site = await startBrowserSite();
  const watched = await watchedPage(site);
  const { page } = watched;
  page.on("request", async (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" || path.includes("_stats"))
      origins.set(path, (await request.allHeaders())["origin"]);
  });
  const response = await page.goto(`${site.origin}/hello.html`, { timeout: WAIT_MS });
  cspHeader = response?.headers()["content-security-policy"] ?? "";
  await page.waitForSelector("body[data-done=true]", { timeout: WAIT_MS });
  report = JSON.parse((await page.textContent("#out")) ?? "{}") as SandboxReport;
  cspViolations = watched.problems.cspViolations;
  pageErrors = watched.problems.pageErrors;
  await watched.context.close();
});
afterAll(async () => {
  await site?.close();
});

describe("sandboxed custom page in Chromium", () => {
  it("is served with the sandboxed profile: scripts allowed, same-origin status withheld", () => {
    expect(cspHeader).toMatch(/sandbox [^;]*allow-scripts/);
    expect(cspHeader).not.toContain("allow-same-origin");
    expect(cspHeader).toContain("frame-ancestors 'none'");
  });

  it("runs with an opaque origin, without CSP violations or page errors", () => {
    expect(report.origin).toBe("null");
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("can call POST /lookup/resolve with Origin: null and read the answer", () => {
    expect(origins.get("/lookup/resolve")).toBe("null");
    expect(report.resolve.status).toBe(200);
    expect(JSON.parse(report.resolve.text ?? "{}")).toMatchObject({
      found: true,
      slug: "docs",
      state: "active",
    });
  });

  it("can call POST /_analytics/lookup with Origin: null", () => {
    expect(origins.get("/_analytics/lookup")).toBe("null");
    expect(report.beacon).toMatchObject({ status: 204 });
  });

  it("cannot read the protected stats API /en/_stats/api/links.json", async () => {
    expect(report.stats.status).toBeUndefined();
    expect(report.stats.error).toMatch(/fetch/i);
    expect(report.stats.text).toBeUndefined();
    // The worker refused it too (access is not configured here), and logged why.
    expect(await site.workerd.waitForLogs(1)).toEqual([
      "shortlinks: access refused on stats: not-configured: ACCESS_TEAM_DOMAIN is not set",
    ]);
  });

  it("cannot read host local storage", () => {
    expect(report.storage).toBe("blocked");
  });
});
