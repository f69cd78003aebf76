import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { UA } from "../../test/cases/requests-routes.js";
import { previewBotOf } from "./preview-bots.js";
import { readAgent } from "./user-agent.js";

interface Entry {
  family: string;
  match: string[];
  samples: string[];
  source: string;
}

const TABLE = new URL("../../defaults/preview-bots.yaml", import.meta.url);
const entries = parse(await readFile(TABLE, "utf8")) as Entry[];
const samples = entries.flatMap((e) => e.samples.map((ua) => [e.family, ua] as const));

/** The families the product promises (docs/previews.md). */
const PROMISED = ["slack", "discord", "telegram", "whatsapp", "x", "facebook", "linkedin"];
const PROMISED_TOO = ["mastodon", "microsoft", "apple"];

describe("the preview-bot table (defaults/preview-bots.yaml)", () => {
  it("every entry names a family, tokens, at least one real sample and its source", () => {
    for (const entry of entries) {
      expect(entry.family).toMatch(/^[a-z]+$/);
      expect(entry.match.length).toBeGreaterThan(0);
      expect(entry.samples.length).toBeGreaterThan(0);
      expect(entry.source).toMatch(/^https?:\/\//);
    }
  });

  it("covers every promised family", () => {
    const families = new Set(entries.map((e) => e.family));
    for (const family of [...PROMISED, ...PROMISED_TOO]) expect(families).toContain(family);
  });

  it.each(samples)("a %s sample is recognised as its family: %s", (family, ua) => {
    expect(previewBotOf(ua)).toBe(family);
    // A preview bot is a bot too, for the `bot: true` route condition.
    expect(readAgent(ua)).toMatchObject({ bot: true, preview: true });
  });

  it("iMessage's User-Agent (Safari, Facebook and Twitter at once) is the facebook family", () => {
    expect(previewBotOf(samples.find(([, ua]) => ua.includes("Safari/601"))?.[1])).toBe("facebook");
  });

  it.each([
    ["iPhone Safari", UA.iphone],
    ["Android Chrome", UA.androidPhone],
    ["Firefox", UA.firefoxWindows],
    ["Edge", UA.edgeWindows],
    ["desktop Safari", UA.ipadDesktop],
    ["Googlebot (a bot, not a preview)", UA.googlebot],
    ["curl", UA.curl],
    ["no User-Agent", ""],
  ])("%s is no preview bot", (_name, ua) => {
    expect(previewBotOf(ua)).toBeUndefined();
  });

  it("preview-bot-table.ts is what scripts/gen-preview-bots.mjs writes from the YAML", async () => {
    const script = new URL("../../scripts/gen-preview-bots.mjs", import.meta.url).pathname;
    await expect(promisify(execFile)(process.execPath, [script, "--check"])).resolves.toBeDefined();
  });
});
