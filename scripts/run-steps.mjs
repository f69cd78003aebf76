#!/usr/bin/env node
// The checks `npm test` runs before vitest, at most one per core at a time: each argument is an
// npm script, or several joined by commas that run one after the other (build:cli,check:example:
// the check runs the CLI the build wrote). Each step's output is kept together and printed in the
// order the arguments name them, as each one's turn comes; once a step fails no new one starts,
// and the exit code is the first failed step's, in that order.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const chains = process.argv.slice(2).map((arg) => arg.split(","));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let failed = false;

/** Runs one npm script; resolves with its exit code and its interleaved stdout and stderr. */
function runScript(name) {
  return new Promise((done) => {
    const output = [];
    const started = performance.now();
    const child = spawn(npm, ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      done({ name, code: code ?? (signal ? 1 : 0), seconds, output: Buffer.concat(output) });
    });
  });
}

/** Runs a chain's scripts in turn, stopping at its first failure or once another chain failed. */
async function runChain(names) {
  const results = [];
  for (const name of names) {
    if (failed) {
      results.push({ name, skipped: true });
      continue;
    }
    const result = await runScript(name);
    results.push(result);
    if (result.code !== 0) failed = true;
  }
  return results;
}

/** Runs `task` once fewer than `slots` tasks given to this limiter are running. */
function limiter(slots) {
  let running = 0;
  const waiting = [];
  return async (task) => {
    if (running >= slots) await new Promise((turn) => waiting.push(turn));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const limit = limiter(Math.max(1, availableParallelism()));
const runs = chains.map((names) => limit(() => runChain(names)));

let exitCode = 0;
for (const run of runs) {
  for (const { name, code, seconds, output, skipped } of await run) {
    if (skipped) {
      process.stdout.write(`\n=== ${name}: not started, a step failed\n`);
      continue;
    }
    process.stdout.write(`\n=== ${name} (${seconds} s)\n`);
    process.stdout.write(output);
    if (code !== 0) {
      process.stdout.write(`\n${name} failed with exit code ${code}\n`);
      if (exitCode === 0) exitCode = code;
    }
  }
}
process.exit(exitCode);
