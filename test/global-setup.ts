// Builds out/cli.js once before the suites, so tests that run bin/shortlinks.js see current code.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export default function setup(): void {
  execFileSync(process.execPath, [resolve(import.meta.dirname, "../scripts/build-cli.mjs")], { stdio: "inherit" });
}
