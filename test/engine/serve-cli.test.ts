// `shortlinks serve` through the built CLI, as a user runs it: no dist yet, so it builds first, then
// answers on 127.0.0.1 in workerd, and stops cleanly on SIGTERM and SIGINT.
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CASE_INSTANCE, CLI } from "../support/build-instance.js";

interface Served {
  child: ChildProcess;
  url: URL;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts the CLI and waits (at most 60 s) for the URL line it prints. */
async function startServe(root: string): Promise<Served> {
  const child = spawn(process.execPath, [CLI, "serve", "--root", root, "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  for (let i = 0; i < 600 && !/serve: http:\/\/\S+/.test(text) && child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 100));
  const match = /serve: (http:\/\/\S+)/.exec(text);
  if (!match) {
    child.kill("SIGKILL");
    throw new Error(`no URL printed:\n${text}`);
  }
  return { child, url: new URL(match[1]), output: () => text, exit };
}

async function freshInstance(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-serve-cli-"));
  await cp(CASE_INSTANCE, root, { recursive: true });
  return root;
}

describe.concurrent("shortlinks serve (CLI)", () => {
  it.each<[NodeJS.Signals]>([["SIGTERM"], ["SIGINT"]])(
    "builds a fresh instance, answers HEAD /docs with the redirect, and stops with exit 0 on %s",
    async (signal) => {
      const served = await startServe(await freshInstance());
      try {
        expect(served.output()).toMatch(/building first/);
        expect(served.url.hostname).toBe("127.0.0.1");
        const response = await fetch(new URL("/docs", served.url), {
          method: "HEAD",
          redirect: "manual",
        });
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("https://docs.example.com/start");
      } finally {
        served.child.kill(signal);
      }
      expect(await served.exit).toBe(0);
      expect(served.output()).toMatch(/stopped/);
    },
  );

  it("a port that is not a number is a usage error (exit 2)", async () => {
    const child = spawn(process.execPath, [CLI, "serve", "--port", "http"], { stdio: "ignore" });
    expect(await new Promise((done) => child.on("exit", done))).toBe(2);
  });
});
