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
  /** Both streams as a terminal shows them: every printed chunk in the order it came. */
  text: string;
}

export async function runCli(args: readonly string[]): Promise<CliRun> {
  const [out, err, both]: string[][] = [[], [], []];
  const into = (stream: string[]) => (text: string) => {
    stream.push(text);
    both.push(text);
  };
  const code = await main([...args], { out: into(out), err: into(err) });
  return {
    code,
    out: out.join("\n"),
    err: err.join("\n"),
    outLines: out.flatMap((t) => t.split("\n")),
    errLines: err.flatMap((t) => t.split("\n")),
    text: both.join("\n"),
  };
}
