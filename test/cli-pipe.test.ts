/**
 * A reader that stops early (`shortlinks explain docs | head -1`) closes the pipe under the CLI.
 * The CLI then stops printing and finishes its command: no stack trace, the command's own exit
 * code, and any file it writes is still written.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/build-instance.js";

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, "bin", "shortlinks.js"), ...args], {
      cwd: REPO,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy(); // the reader is gone before the first line
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("CLI output into a closed pipe", () => {
  it("check: exits with its own code and no EPIPE stack trace", async () => {
    const { code, stderr } = await runWithClosedStdout(["check"]);
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event/);
    expect(code).toBe(0);
  });

  it("check of an instance with errors: exits with its own code (1) and no stack trace", async () => {
    const { code, stderr } = await runWithClosedStdout([
      "check",
      "--root",
      join("fixtures", "sl316-own-host-loop"),
    ]);
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event/);
    expect(code).toBe(1);
  });
});
