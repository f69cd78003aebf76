/**
 * Browser harness: builds test/browser/instance with the real CLI, serves the bundle in workerd
 * (the same engine options as `shortlinks serve`, outgoing fetches refused) and drives Chromium
 * with playwright-core: the system's when there is one, else the one npm installed (chromium.ts).
 * Never downloads a browser.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { buildInstance, REPO, type BuiltInstance } from "../support/build-instance.js";
import { startWorkerd, type Workerd, type WorkerdOptions } from "../engine/workerd.js";
import { findChromium, type ChromiumChoice } from "./chromium.js";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
export const BROWSER_INSTANCE = join(REPO, "test/browser/instance");
export const SCREENSHOT_DIR = join(REPO, "test-results");
/** Upper bound for any wait on the page (a bound, not a speed assertion). */
export const WAIT_MS = 15_000;

export interface BrowserSite {
  /** Base address of the running bundle, e.g. http://127.0.0.1:41234 */
  origin: string;
  built: BuiltInstance;
  workerd: Workerd;
  browser: Browser;
  chromium: ChromiumChoice;
  close(): Promise<void>;
}

/** `instance`: the instance folder to build (default test/browser/instance). */
export async function startBrowserSite(
  options: WorkerdOptions & { instance?: string } = {},
): Promise<BrowserSite> {
  const built = await buildInstance(options.instance ?? BROWSER_INSTANCE);
  const workerd = await startWorkerd(built.out, options);
  let browser: Browser;
  let choice: ChromiumChoice;
  try {
    choice = findChromium();
    browser = await chromium.launch({ executablePath: choice.executablePath, args: CHROMIUM_ARGS });
  } catch (error) {
    await workerd.dispose();
    throw error;
  }
  const origin = workerd.url.origin;
  return {
    origin,
    built,
    workerd,
    browser,
    chromium: choice,
    async close() {
      await browser.close();
      await workerd.dispose();
    },
  };
}

/** What a page did wrong: console errors, uncaught exceptions and CSP violations. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/** A fresh context and page that record every console error, page error and CSP violation. */
export async function watchedPage(
  site: BrowserSite,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await site.browser.newContext(options);
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
  await context.exposeBinding("__shortlinksCspViolation", (_source, report: string) => {
    problems.cspViolations.push(report);
  });
  // A string, not a function: this project's Node typings have no DOM.
  await context.addInitScript(`document.addEventListener("securitypolicyviolation", (event) => {
    window.__shortlinksCspViolation(event.violatedDirective + " blocked " + (event.blockedURI || "inline") + " at " + event.sourceFile + ":" + event.lineNumber);
  });`);
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => problems.pageErrors.push(error.message));
  return { context, page, problems };
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, name);
}
