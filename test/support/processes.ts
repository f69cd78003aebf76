/**
 * The CLI as separate processes, for fault injection: run one to the end, or start one and
 * kill -9 it at a chosen moment. Every wait is bounded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { CLI } from "./build-instance.js";

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

export function startCli(
  args: string[],
  cwd: string,
): { child: ChildProcess; done: Promise<Finished> } {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<Finished>((resolve) =>
    child.on("close", (code, signal) =>
      resolve({ code, signal, out, err, ms: Date.now() - started }),
    ),
  );
  return { child, done };
}

export function runCli(args: string[], cwd: string): Promise<Finished> {
  return startCli(args, cwd).done;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `seen` every 2 ms until it is true, the process ends, or `limitMs` passes. */
export async function waitUntil(
  seen: () => boolean,
  child: ChildProcess,
  limitMs: number,
): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end && child.exitCode === null && child.signalCode === null) {
    if (seen()) return true;
    await sleep(2);
  }
  return false;
}

/** kill -9 after `ms` (unless it has ended); resolves when the process is gone. */
export async function killAfter(
  run: { child: ChildProcess; done: Promise<Finished> },
  ms: number,
): Promise<Finished> {
  await Promise.race([sleep(ms), run.done]);
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
  return run.done;
}
