/**
 * A sandboxed custom page loads its own web font from the same host. Its origin is opaque, so
 * the browser fetches the font in CORS mode with `Origin: null` and refuses it without an
 * allowance: the worker gives `Access-Control-Allow-Origin: null` to font files, and only to them.
 * A `_headers` rule gives fonts a year of cache life, as sites often do: a font the browser cached
 * without the allowance (opened directly) must not be reused for the sandboxed page, so every font
 * answer says `Vary: Origin`. The font is one a dev dependency ships (playwright-core's icon
 * font), copied at test time.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  BROWSER_INSTANCE,
  startBrowserSite,
  WAIT_MS,
  watchedPage,
  type BrowserSite,
} from "./harness.js";

function findFont(dir: string): string | undefined {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile() && entry.name.endsWith(".ttf")) return path;
    if (entry.isDirectory()) {
      const found = findFont(path);
      if (found) return found;
    }
  }
  return undefined;
}

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Branded custom page</title></head>
<body>
<pre id="out"></pre>
<script>
// Runs under the sandboxed profile, as every HTML file of custom/public does.
(async () => {
  const face = new FontFace("Brand", "url(/fonts/brand.ttf)");
  let result;
  try {
    await face.load();
    result = face.status;
  } catch (error) {
    result = "error: " + error;
  }
  document.getElementById("out").textContent = JSON.stringify({ origin: String(self.origin), font: result });
  document.body.dataset.done = "true";
})();
</script>
</body>
</html>
`;

/** A year of cache life for fonts, as a site's `_headers` often gives them. */
const LONG_CACHE = "/fonts/*\n  Cache-Control: public, max-age=31536000, immutable\n";

type Report = { origin?: string; font?: string };

let site: BrowserSite;
let report: Report = {};
let afterCached: Report = {};
let primedFont: { status?: number; cacheControl?: string } = {};
const fontOrigins: (string | undefined)[] = [];
const fontAllowances: (string | undefined)[] = [];

async function loadBranded(page: Page): Promise<Report> {
  await page.goto(`${site.origin}/branded.html`, { timeout: WAIT_MS });
  await page.waitForSelector("body[data-done=true]", { timeout: WAIT_MS });
  return JSON.parse((await page.textContent("#out")) ?? "{}") as Report;
}

beforeAll(async () => {
  const instance = mkdtempSync(join(tmpdir(), "shortlinks-fonts-"));
  cpSync(BROWSER_INSTANCE, instance, { recursive: true });
  const font = findFont(
    join(dirname(createRequire(import.meta.url).resolve("playwright-core/package.json")), "lib"),
  );
  if (!font) throw new Error("playwright-core ships no .ttf to test with");
  mkdirSync(join(instance, "custom/public/fonts"), { recursive: true });
  cpSync(font, join(instance, "custom/public/fonts/brand.ttf"));
  writeFileSync(join(instance, "custom/public/branded.html"), PAGE);
  writeFileSync(join(instance, "custom/public/_headers"), LONG_CACHE);
  site = await startBrowserSite({ instance });
  const watched = await watchedPage(site);
  const { page } = watched;
  const isFont = (url: string) => new URL(url).pathname === "/fonts/brand.ttf";
  page.on("request", async (request) => {
    if (isFont(request.url())) fontOrigins.push((await request.allHeaders())["origin"]);
  });
  page.on("response", async (response) => {
    if (isFont(response.url()))
      fontAllowances.push((await response.allHeaders())["access-control-allow-origin"]);
  });
  report = await loadBranded(page);
  await watched.context.close();

  // A fresh browser that first opens the font itself (no Origin: cached without the allowance).
  // A font opened in a tab is a download, so the navigation reports an error, but its answer
  // (200, cacheable for a year) is in the browser's cache.
  const primed = await watchedPage(site);
  const opened = primed.page.waitForResponse(`${site.origin}/fonts/brand.ttf`, {
    timeout: WAIT_MS,
  });
  await primed.page.goto(`${site.origin}/fonts/brand.ttf`, { timeout: WAIT_MS }).catch(() => {});
  primedFont = await opened.then(async (response) => ({
    status: response.status(),
    cacheControl: (await response.allHeaders())["cache-control"],
  }));
  afterCached = await loadBranded(primed.page);
  await primed.context.close();
});
afterAll(async () => {
  await site?.close();
});

describe("a sandboxed custom page's own web font in Chromium", () => {
  it("the page has an opaque origin, so the font is asked for with Origin: null", () => {
    expect(report.origin).toBe("null");
    expect(fontOrigins).toContain("null");
  });

  it("the worker allows it, and the font loads", () => {
    expect(fontAllowances).toContain("null");
    expect(report.font).toBe("loaded");
  });

  it("the font loads although the browser cached it, for a year, without the allowance", () => {
    expect(primedFont).toEqual({
      status: 200,
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(afterCached.origin).toBe("null");
    expect(afterCached.font).toBe("loaded");
  });
});
