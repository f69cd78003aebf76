// Builds out/cli.js once before the suites, so tests that run bin/shortlinks.js see current code.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "..");

export default function setup(): void {
  if (!existsSync(resolve(REPO, "lib/cli.ts"))) return; // nothing to build yet
  execFileSync(process.execPath, [resolve(REPO, "scripts/build-cli.mjs")], { stdio: "inherit" });
}
