/**
 * The CLI in process, as bin/shortlinks.js runs it: main() with what it prints captured. Tests
 * that need a real process (a crash, a closed pipe, start-up) spawn the binary instead.
 */
import { main } from "../../lib/cli.js";

export interface CliRun {
  code: number;
  /** What went to stdout and stderr, one printed chunk per line. */
  out: string;
  err: string;
  /** The same, split into lines (empty when nothing was printed). */
  outLines: string[];
  errLines: string[];
}

export async function runCli(args: readonly string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args], { out: (t) => out.push(t), err: (t) => err.push(t) });
  return {
    code,
    out: out.join("\n"),
    err: err.join("\n"),
    outLines: out.flatMap((t) => t.split("\n")),
    errLines: err.flatMap((t) => t.split("\n")),
  };
}
