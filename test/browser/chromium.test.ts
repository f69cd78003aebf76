/**
 * The browser the tests drive arrives with `npm install`: CHROMIUM_PATH first, then the system's
 * Chromium, then the one inside the @sparticuz/chromium dev dependency. The last one is launched
 * here even on machines that have a system Chromium, so it cannot rot unnoticed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { REPO } from "../support/build-instance.js";
import { findChromium, packagedChromium } from "./chromium.js";
import { CHROMIUM_ARGS } from "./harness.js";

const scratch = mkdtempSync(join(tmpdir(), "shortlinks-chromium-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function file(name: string): string {
  const path = join(scratch, name);
  writeFileSync(path, "");
  return path;
}

describe("which Chromium the browser tests use", () => {
  it("CHROMIUM_PATH wins over the system Chromium", () => {
    const chosen = file("from-env");
    const choice = findChromium({ env: { CHROMIUM_PATH: chosen }, systemPath: file("system") });
    expect(choice).toEqual({ executablePath: chosen, source: "CHROMIUM_PATH" });
  });

  it("a CHROMIUM_PATH that does not exist is an error naming it, not a silent fallback", () => {
    const missing = join(scratch, "no-such-chromium");
    expect(() => findChromium({ env: { CHROMIUM_PATH: missing } })).toThrow(missing);
  });

  it("the system Chromium is used when there is one", () => {
    const system = file("system-chromium");
    expect(findChromium({ env: {}, systemPath: system })).toEqual({
      executablePath: system,
      source: "system",
    });
  });

  it("without either, an already unpacked packaged Chromium is reused as it is", () => {
    const cacheDir = join(scratch, "cache");
    const unpacked = join(cacheDir, packagedChromium().version, "chromium");
    mkdirSync(join(cacheDir, packagedChromium().version), { recursive: true });
    writeFileSync(unpacked, "");
    const choice = findChromium({ env: {}, systemPath: join(scratch, "none"), cacheDir });
    expect(choice).toEqual({ executablePath: unpacked, source: "@sparticuz/chromium" });
  });
});

describe.runIf(process.platform === "linux" && process.arch === "x64")(
  "the Chromium that npm installs",
  () => {
    it("unpacks into node_modules/.cache and renders a page with JavaScript", async () => {
      const choice = findChromium({ env: {}, systemPath: join(scratch, "none") });
      expect(choice.source).toBe("@sparticuz/chromium");
      expect(choice.executablePath.startsWith(join(REPO, "node_modules/.cache/"))).toBe(true);
      const browser = await chromium.launch({
        executablePath: choice.executablePath,
        args: CHROMIUM_ARGS,
      });
      try {
        const page = await browser.newPage();
        await page.setContent(`<p id="out">static</p>`);
        // A string, not a function: this project's Node typings have no DOM.
        await page.evaluate(`document.getElementById("out").textContent = "scripted"`);
        expect(await page.textContent("#out")).toBe("scripted");
      } finally {
        await browser.close();
      }
    });
  },
);
