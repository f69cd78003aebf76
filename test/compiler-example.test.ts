/** The example instance in custom/ compiles cleanly and shows every feature the sources offer. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileInstance } from "../lib/stages/compile.js";
import { LINK_STATES, REDIRECT_STATUSES, type LinkRecord } from "../runtime/contract/index.js";
import { parseShard } from "../runtime/registry/shard-format.js";
import { effectiveState } from "../runtime/lifecycle.js";

const ROOT = join(import.meta.dirname, "..");

async function exampleLinks(): Promise<LinkRecord[]> {
  const result = await compileInstance({ root: ROOT, skipBundle: true });
  expect(result.diagnostics).toEqual([]);
  return result
    .files!.filter((f) => f.path.startsWith("assets/links-shards/") && f.path.endsWith(".jsonl"))
    .flatMap((f) => {
      const shard = parseShard(String(f.content));
      return [...Object.values(shard.exact), ...Object.values(shard.splat)];
    });
}

describe("example instance (custom/)", () => {
  it("has no diagnostics and uses every status, every state, splats with and without :splat, CSV rows, and past, current and future schedules", async () => {
    const links = await exampleLinks();
    const now = new Date();
    expect(new Set(links.map((l) => l.status))).toEqual(new Set(REDIRECT_STATUSES));
    expect(new Set(links.map((l) => l.state))).toEqual(new Set(LINK_STATES));
    const splats = links.filter((l) => l.kind === "splat");
    expect(splats.some((l) => l.target.includes(":splat"))).toBe(true);
    expect(splats.some((l) => !l.target.includes(":splat"))).toBe(true);
    expect(links.some((l) => l.key.includes("/") && l.kind === "exact")).toBe(true);
    expect(links.some((l) => l.file.endsWith(".csv"))).toBe(true);
    const scheduled = links
      .filter((l) => l.schedule && l.state === "active")
      .map((l) => effectiveState(l, now));
    expect(new Set(scheduled)).toEqual(new Set(["active", "scheduled", "expired"]));
    expect(links.length).toBeGreaterThanOrEqual(18);
  });
});
