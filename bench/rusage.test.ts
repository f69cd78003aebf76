// The benches measure a child's CPU time and peak memory with Node alone: the preloaded module
// reports the child's own resource usage when it exits, however it exits.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { measuredArgs, parseUsage } from "./build-bench.mjs";

const dir = mkdtempSync(join(tmpdir(), "shortlinks-rusage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let scripts = 0;

function runMeasured(source: string) {
  const script = join(dir, `child-${scripts++}.mjs`);
  writeFileSync(script, source);
  return spawnSync(process.execPath, measuredArgs(script, ["x"]), { encoding: "utf8" });
}

describe("a measured child", () => {
  it("reports its peak RSS and CPU time on stderr, its output untouched", () => {
    const child = runMeasured(
      "const keep = Buffer.alloc(64 * 2 ** 20, 1); console.log('out', process.argv[2], keep.length);",
    );
    expect(child.status).toBe(0);
    expect(child.stdout).toBe(`out x ${64 * 2 ** 20}\n`);
    const usage = parseUsage(child.stderr);
    expect(usage.peakRssMiB).toBeGreaterThan(64);
    expect(usage.cpuSeconds).toBeGreaterThanOrEqual(0);
  });

  it("reports them when the child calls process.exit with a failure", () => {
    const child = runMeasured("process.stderr.write('failed\\n'); process.exit(3);");
    expect(child.status).toBe(3);
    expect(child.stderr.startsWith("failed\n")).toBe(true);
    expect(parseUsage(child.stderr).peakRssMiB).toBeGreaterThan(0);
  });

  it("reads NaN from a stderr that carries no report", () => {
    const usage = parseUsage("error: something\n");
    expect(usage.peakRssMiB).toBeNaN();
    expect(usage.cpuSeconds).toBeNaN();
  });
});
