/**
 * vanityURLs' starter links file and its documented examples (fixtures/import/vanityurls and
 * vanityurls-docs, SOURCE.md beside each) imported into one instance with `shortlinks import
 * vanityurls`, built with the real CLI and served in workerd: each vanityURLs state answers as
 * docs/coming-from-vanityurls.md says, splat links keep their `:splat`, and a scheduled link
 * answers what resolve() gives at the moment of the request. workerd's clock cannot be set, so
 * the windows are asked of explain (the same resolve()) at chosen times.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExplainer, type Explainer } from "../lib/engines/explain/explain.js";
import { importLinks, type ImportResult } from "../lib/engines/import/import-links.js";
import { startWorkerd, type Workerd } from "./engine/workerd.js";
import { buildInstance } from "./support/build-instance.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "import");
let dir: string;
let built: string | undefined;
let engine: Workerd;
let explainer: Extract<Explainer, { ok: true }>;
const imports: Record<string, ImportResult> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shortlinks-vanityurls-"));
  cpSync(join(FIXTURES, "instance"), dir, { recursive: true });
  for (const [name, into] of [
    ["vanityurls", "custom/links/starter.yaml"],
    ["vanityurls-docs", "custom/links/documented.yaml"],
  ]) {
    cpSync(join(FIXTURES, name, "v8s-links.txt"), join(dir, `${name}.txt`));
    imports[name] = await importLinks({
      root: dir,
      format: "vanityurls",
      input: join(dir, `${name}.txt`),
      into,
    });
  }
  const made = await createExplainer(dir);
  if (!made.ok) throw new Error(JSON.stringify(made.diagnostics));
  explainer = made;
  const { root, out } = await buildInstance(dir);
  built = root;
  engine = await startWorkerd(out);
}, 180_000);

afterAll(async () => {
  await engine?.dispose();
  for (const folder of [dir, built]) if (folder) rmSync(folder, { recursive: true, force: true });
});

async function served(path: string) {
  const response = await engine.fetch(path);
  return { status: response.status, location: response.headers.get("location") ?? undefined };
}

describe("import vanityurls, built and served in workerd", () => {
  it("every link line but the three meet/* rows is imported; the documented social/x repeats the starter's (SL305)", () => {
    expect(imports["vanityurls"]).toMatchObject({ links: 64, imported: 61 });
    expect(imports["vanityurls-docs"]).toMatchObject({ links: 7, imported: 6 });
    expect(
      imports["vanityurls-docs"].diagnostics.filter((d) => d.code === "SL305").map((d) => d.line),
    ).toEqual([2]);
  });

  it.each<[string, number, string | undefined, string]>([
    ["/ai/chat", 301, "https://chatgpt.com/", "permanent (no state), target completed to https://"],
    ["/test/1", 301, "https://youtu.be/dQw4w9WgXcQ", "permanent"],
    ["/test/2", 302, "https://youtu.be/dQw4w9WgXcQ", "ephemeral"],
    ["/test/3", 410, undefined, "expired: retired"],
    ["/test/4", 410, undefined, "disabled: retired (403 in vanityURLs, SL392)"],
    ["/test/5", 503, undefined, "maintenance: paused"],
    ["/test/6", 404, undefined, "deactivated: disabled, like no link at all"],
    ["/meet/g", 404, undefined, "not imported: its expires_at is no time (SL851)"],
    ["/github/website", 301, "https://github.com/vanityURLs/website", "splat with :splat"],
    ["/docs/install", 301, "https://docs.example.com/install", "splat beside its exact link"],
    ["/docs", 301, "https://docs.example.com/", "the exact link wins"],
  ])("%s answers %i (%s)", async (path, status, location) => {
    expect(await served(path)).toEqual({ status, location });
  });

  it("a scheduled link answers in workerd what resolve() gives now, with 302 and never cached", async () => {
    for (const path of ["/office", "/hangout", "/contact"]) {
      const before = (await explainer.explain({ path, at: new Date() })).outcome;
      const response = await engine.fetch(path);
      const after = (await explainer.explain({ path, at: new Date() })).outcome;
      expect(response.status).toBe(302);
      expect(response.headers.get("cache-control")).toContain("no-store");
      // Both sides of the request: a window may open or close between them.
      expect([before.location, after.location]).toContain(response.headers.get("location"));
    }
  });

  it.each([
    // Monday 30 November 2026: Toronto and New York are at UTC-5.
    ["/office", "2026-11-30T14:00:00Z", "https://example.com/open", "Monday 09:00 in Toronto"],
    ["/office", "2026-11-30T13:59:00Z", "https://example.com/closed", "Monday 08:59"],
    ["/office", "2026-11-30T22:00:00Z", "https://example.com/closed", "Monday 17:00, to excluded"],
    ["/office", "2026-11-28T15:00:00Z", "https://example.com/closed", "Saturday 10:00"],
    ["/hangout", "2026-12-04T21:59:00Z", "https://zoom.us/j/work", "Friday 16:59 in Toronto"],
    ["/hangout", "2026-12-05T15:00:00Z", "https://discord.gg/personal", "Saturday"],
    ["/contact", "2026-11-30T14:00:00Z", "https://www.youtube.com/watch?v=UbxUSsFXYo4", "9to5"],
    [
      "/contact",
      "2026-11-30T23:00:00Z",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "after 17:00",
    ],
  ])("%s at %s answers %s (%s)", async (path, at, location) => {
    const { outcome } = await explainer.explain({ path, at: new Date(at) });
    expect(outcome).toEqual({ status: 302, location });
  });
});
