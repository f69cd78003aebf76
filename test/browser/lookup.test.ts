/**
 * The lookup pages in a real browser (headless Chromium): five languages, strict CSP, the JSON
 * lookup with its beacon, and the plain form post without JavaScript.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO } from "../support/build-instance.js";
import { LOOKUP_PAGE_URLS } from "../../runtime/routes.js";
import { LANGUAGES, type Lang } from "../../runtime/contract/index.js";
import {
  screenshotPath,
  startBrowserSite,
  WAIT_MS,
  watchedPage,
  type BrowserSite,
  type WatchedPage,
} from "./harness.js";

/** The lookup page of each language, whatever the browser prefers (`/lookup` follows it). */
const ROUTES = LANGUAGES.map((lang) => [lang, LOOKUP_PAGE_URLS[lang]] as const);
const DOCS_TARGET = "https://developer.mozilla.org/en-US/docs/Web";

type Texts = Record<string, Record<string, string>>;
const texts = (lang: Lang): Texts =>
  parse(readFileSync(join(REPO, "defaults/texts", `${lang}.yaml`), "utf8")) as Texts;
const message = (lang: Lang, key: string, slug: string) =>
  texts(lang).result[key].replace("{{slug}}", slug);

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

async function open(lang: Lang, options = {}, path = LOOKUP_PAGE_URLS[lang]): Promise<WatchedPage> {
  const watched = await watchedPage(site, options);
  const response = await watched.page.goto(site.origin + path, {
    waitUntil: "load",
    timeout: WAIT_MS,
  });
  expect(response?.status()).toBe(200);
  return watched;
}

/** Submits a slug with JavaScript on; returns the beacon the page sent. */
async function lookUp(
  watched: WatchedPage,
  slug: string,
): Promise<{ body: unknown; status: number | undefined }> {
  const { page } = watched;
  const beacon = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/_analytics/lookup",
    { timeout: WAIT_MS },
  );
  await page.fill("#lookup-slug", slug);
  await page.click("#lookup-form button[type=submit]");
  const request = await beacon;
  const response = await request.response();
  return { body: request.postDataJSON(), status: response?.status() };
}

function expectClean(watched: WatchedPage): void {
  expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
}

describe("lookup pages in Chromium", () => {
  it.each(ROUTES)(
    "%s lookup page %s loads with zero console errors and zero CSP violations",
    async (lang, route) => {
      const watched = await open(lang);
      const { page } = watched;
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(await page.title()).toContain(texts(lang).lookup.title);
      expect(await page.evaluate(`document.getElementById("lookup-slug").labels.length`)).toBe(1);
      const switcher = await page.$$eval("nav.languages a", (links) =>
        links.map((a) => a.getAttribute("href")),
      );
      expect(switcher).toEqual(Object.values(LOOKUP_PAGE_URLS));
      expect(await page.getAttribute(`nav.languages a[href="${route}"]`, "aria-current")).toBe(
        "true",
      );
      const csp =
        (await page.goto(site.origin + route, { timeout: WAIT_MS }))?.headers()[
          "content-security-policy"
        ] ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expectClean(watched);
      await watched.context.close();
    },
  );

  it.each(ROUTES)("%s lookup page %s resolves a known slug and sends the beacon", async (lang) => {
    const watched = await open(lang);
    const beacon = await lookUp(watched, "docs");
    const { page } = watched;
    await page.waitForSelector("#lookup-output .result-found", { timeout: WAIT_MS });
    expect(await page.textContent("#lookup-output .result-found")).toBe(
      message(lang, "found", "docs"),
    );
    expect(await page.getAttribute("#lookup-output .result-target a", "href")).toBe(DOCS_TARGET);
    expect(await page.textContent("#lookup-output")).toContain("301");
    expect(beacon).toEqual({ body: { slug: "docs", result: "found" }, status: 204 });
    if (lang === "en" || lang === "fr")
      await page.screenshot({ path: screenshotPath(`lookup-${lang}.png`), fullPage: true });
    expectClean(watched);
    await watched.context.close();
  });

  it.each(ROUTES)(
    "%s lookup page %s reports an unknown slug and sends the beacon",
    async (lang) => {
      const watched = await open(lang);
      const beacon = await lookUp(watched, "no-such-link");
      await watched.page.waitForSelector("#lookup-output .result-not-found", { timeout: WAIT_MS });
      expect(await watched.page.textContent("#lookup-output .result-not-found")).toBe(
        message(lang, "not_found", "no-such-link"),
      );
      expect(beacon).toEqual({ body: { slug: "no-such-link", result: "not-found" }, status: 204 });
      expectClean(watched);
      await watched.context.close();
    },
  );

  it.each<[string, string, string, string]>([
    ["a retired link says it is retired", "old", "result-retired", "retired"],
    ["a scheduled link says it is not active yet", "later", "result-scheduled", "scheduled"],
    ["a draft link looks exactly like an unknown one", "hidden", "result-not-found", "not-found"],
  ])("lookup: %s", async (_rule, slug, className, result) => {
    const watched = await open("en");
    const beacon = await lookUp(watched, slug);
    await watched.page.waitForSelector(`#lookup-output .${className}`, { timeout: WAIT_MS });
    expect(await watched.page.textContent("#lookup-output")).not.toContain("developer.mozilla.org");
    expect(beacon.body).toEqual({ slug, result });
    expectClean(watched);
    await watched.context.close();
  });

  it("lookup: a whole short URL is accepted as well as a slug", async () => {
    const watched = await open("es");
    await lookUp(watched, `${site.origin}/docs`);
    await watched.page.waitForSelector("#lookup-output .result-found", { timeout: WAIT_MS });
    expect(await watched.page.getAttribute("#lookup-output .result-target a", "href")).toBe(
      DOCS_TARGET,
    );
    expectClean(watched);
    await watched.context.close();
  });

  it.each(ROUTES)(
    "%s lookup page %s works without JavaScript: the form post answers with the result page",
    async (lang) => {
      const watched = await open(lang, { javaScriptEnabled: false });
      const { page } = watched;
      await page.fill("#lookup-slug", "docs");
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/lookup/resolve", { timeout: WAIT_MS }),
        page.click("#lookup-form button[type=submit]"),
      ]);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(await page.textContent(".result-found")).toBe(message(lang, "found", "docs"));
      expect(await page.getAttribute(".result-target a", "href")).toBe(DOCS_TARGET);
      expect(await page.$$("[data-when], template")).toEqual([]);
      expect(await page.content()).not.toMatch(/\{\{|<!--when/);
      expectClean(watched);
      await watched.context.close();
    },
  );

  it.each([
    ["with JavaScript", true],
    ["without JavaScript (the form post)", false],
  ])("the found result shows the short link's QR code as inline SVG, %s", async (_how, js) => {
    const watched = await open("en", { javaScriptEnabled: js });
    const { page } = watched;
    await page.fill("#lookup-slug", "docs");
    await page.click("#lookup-form button[type=submit]");
    const qr = await page.waitForSelector(".result-qr svg", { timeout: WAIT_MS });
    const base = (
      parse(readFileSync(join(REPO, "test/browser/instance/custom/site.yaml"), "utf8")) as {
        base_url: string;
      }
    ).base_url;
    expect(await qr.getAttribute("aria-label")).toBe(`QR code: ${base}/docs`);
    expect(await page.textContent(".result-qr figcaption")).toContain(`${base}/docs`);
    const box = await qr.boundingBox();
    expect(box && box.width >= 150 && box.width === box.height).toBe(true);
    // Painted: the dark modules are drawn, not blocked (the strict CSP allows inline SVG markup).
    expect(
      await qr.evaluate(
        (svg) => svg.querySelector('path[fill="#000"]')?.getAttribute("d")?.length ?? 0,
      ),
    ).toBeGreaterThan(100);
    if (js) await page.screenshot({ path: screenshotPath("lookup-qr.png"), fullPage: true });
    expectClean(watched);
    await watched.context.close();
  });

  it("lookup: ?slug= fills the box and the page looks it up at once", async () => {
    const watched = await watchedPage(site);
    const { page } = watched;
    const beacon = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/_analytics/lookup",
      { timeout: WAIT_MS },
    );
    await page.goto(`${site.origin}/fr/consultation?slug=docs`, { timeout: WAIT_MS });
    expect(await page.inputValue("#lookup-slug")).toBe("docs");
    await page.waitForSelector("#lookup-output .result-found", { timeout: WAIT_MS });
    expect(await page.textContent("#lookup-output .result-found")).toBe(
      message("fr", "found", "docs"),
    );
    expect((await beacon).postDataJSON()).toEqual({ slug: "docs", result: "found" });
    expectClean(watched);
    await watched.context.close();
  });

  it.each([
    ["with JavaScript", true],
    ["without JavaScript (the form post)", false],
  ])("home: the short-link box on / looks a slug up, %s", async (_how, js) => {
    const watched = await open("de", { javaScriptEnabled: js, locale: "de-DE" }, "/");
    const { page } = watched;
    expect(await page.getAttribute("html", "lang")).toBe("de");
    await page.fill("#lookup-slug", "docs");
    await page.click("#lookup-form button[type=submit]");
    await page.waitForSelector(".result-found", { timeout: WAIT_MS });
    expect(await page.textContent(".result-found")).toBe(message("de", "found", "docs"));
    expect(new URL(page.url()).pathname).toBe(js ? "/" : "/lookup/resolve");
    if (js) await page.screenshot({ path: screenshotPath("home-de.png"), fullPage: true });
    expectClean(watched);
    await watched.context.close();
  });

  it("accessibility: the keyboard reaches the skip link, then the field, and submits with Enter", async () => {
    const watched = await open("de");
    const { page } = watched;
    await page.keyboard.press("Tab");
    expect(await page.evaluate(`document.activeElement?.className`)).toBe("skip-link");
    expect(await page.evaluate(`getComputedStyle(document.activeElement).outlineStyle`)).not.toBe(
      "none",
    );
    let focused = "";
    for (let presses = 0; presses < 12 && focused !== "lookup-slug"; presses++) {
      await page.keyboard.press("Tab");
      focused = String(await page.evaluate(`document.activeElement?.id ?? ""`));
    }
    expect(focused).toBe("lookup-slug");
    await page.keyboard.type("docs");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#lookup-output .result-found", { timeout: WAIT_MS });
    expectClean(watched);
    await watched.context.close();
  });
});
