/**
 * Round trip: a `_redirects` file of every documented form (test/import/cloudflare-reference.ts)
 * is imported, built and served in workerd, and every reference path is asked. Each answer is
 * Cloudflare's documented answer, or the importer said why not on the line concerned: the line
 * Cloudflare uses was not imported (an error names it), or the line shortlinks uses carries a
 * note that it answers differently (SL853, SL854).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isError, type Diagnostic } from "../lib/shared/diagnostics.js";
import { createExplainer, type Explainer } from "../lib/engines/explain/explain.js";
import { importLinks } from "../lib/engines/import/import-links.js";
import { startWorkerd, type Workerd } from "./engine/workerd.js";
import { buildInstance } from "./support/build-instance.js";
import { ORIGIN, REFERENCE_CASES, ROUNDTRIP_REDIRECTS } from "./import/cloudflare-reference.js";

let dir: string;
let engine: Workerd;
let diagnostics: Diagnostic[];
let explainer: Extract<Explainer, { ok: true }>;
let written: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shortlinks-roundtrip-"));
  cpSync(join(import.meta.dirname, "..", "fixtures", "import", "instance"), dir, {
    recursive: true,
  });
  writeFileSync(join(dir, "_redirects"), ROUNDTRIP_REDIRECTS);
  const result = await importLinks({
    root: dir,
    format: "redirects",
    input: join(dir, "_redirects"),
  });
  diagnostics = result.diagnostics;
  written = readFileSync(join(dir, result.written!), "utf8").split("\n");
  const made = await createExplainer(dir);
  if (!made.ok) throw new Error(JSON.stringify(made.diagnostics));
  explainer = made;
  const { out } = await buildInstance(dir);
  engine = await startWorkerd(out);
}, 120_000);

afterAll(async () => {
  await engine?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The source line of the link shortlinks answers a path with (from the comment above its row). */
async function sourceLineOf(path: string): Promise<number | null> {
  const e = await explainer.explain({ path });
  if (!e.match || !e.match.file.startsWith("custom/links/imported-")) return null;
  const comment = written[e.match.line - 2] ?? "";
  const found = /^# _redirects:(\d+):/.exec(comment);
  return found ? Number(found[1]) : null;
}

describe("round trip: documented _redirects forms, imported and served in workerd", () => {
  const results: { path: string; same: boolean }[] = [];

  it.each(REFERENCE_CASES.map((c) => [c.path, c] as const))("%s", async (_path, c) => {
    const response = await engine.fetch(c.path);
    const location = response.headers.get("location");
    const served = {
      status: response.status,
      location: location === null ? undefined : new URL(location, ORIGIN).href,
    };
    const reference =
      c.line === null
        ? { status: 404, location: undefined }
        : { status: c.status, location: c.location && new URL(c.location).href };
    const same = served.status === reference.status && served.location === reference.location;
    results.push({ path: c.path, same });
    if (same) return;
    const used = await sourceLineOf(c.path);
    const notImported = c.line !== null && diagnostics.some((d) => d.line === c.line && isError(d));
    const noted =
      used !== null &&
      diagnostics.some((d) => d.line === used && (d.code === "SL853" || d.code === "SL854"));
    expect(
      notImported || noted,
      `${c.path} (${c.doc}): Cloudflare ${JSON.stringify(reference)}, shortlinks ${JSON.stringify(served)} from line ${used}, and the importer said nothing`,
    ).toBe(true);
  });

  it("most documented answers are the same, not only explained", () => {
    expect(results).toHaveLength(REFERENCE_CASES.length);
    expect(results.filter((r) => r.same).length).toBeGreaterThanOrEqual(15);
  });
});
