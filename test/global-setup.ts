// Builds out/cli.js once before the suites, so tests that run bin/shortlinks.js see current code,
// and gives the run one temp folder: every test's mkdtemp(tmpdir()) and every process it starts
// land inside it, and it is removed when the run ends, so no run leaves folders behind.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "..");

export default function setup(): () => void {
  const runTemp = mkdtempSync(join(tmpdir(), "shortlinks-test-run-"));
  process.env.TMPDIR = runTemp;
  if (existsSync(resolve(REPO, "lib/cli.ts"))) {
    execFileSync(process.execPath, [resolve(REPO, "scripts/build-cli.mjs")], { stdio: "inherit" });
  }
  return () => rmSync(runTemp, { recursive: true, force: true });
}
