/**
 * workerd's own stdout and stderr (the worker's console among them), with its start-up held back:
 * when it cannot bind, workerd prints a fatal exception and a native stack before miniflare
 * reports the failure, and SL605 already says that in one line. Lines written while starting are
 * printed once the server is up, or after a failure that is not the address (they explain it).
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { printable } from "../../shared/printable.js";

export interface RuntimeOutput {
  /** miniflare's `handleRuntimeStdio`: called for every workerd process (each reload starts one). */
  handleRuntimeStdio(stdout: Readable, stderr: Readable): void;
  /** The server answers: print what was held, then pass every line through. */
  started(): void;
  /** Start-up failed; `explained` drops what was held (the caller's diagnostic says it all). */
  failed(options: { explained: boolean }): void;
}

type Print = (line: string) => void;

export function runtimeOutput(log: Print, warn: Print): RuntimeOutput {
  let state: "starting" | "running" | "dropping" = "starting";
  const held: Array<[Print, string]> = [];
  const emit = (print: Print) => (raw: string) => {
    const line = printable(raw); // the worker's log lines quote what visitors sent
    if (state === "running") print(line);
    else if (state === "starting") held.push([print, line]);
  };
  const flush = () => held.splice(0).forEach(([print, line]) => print(line));
  return {
    handleRuntimeStdio(stdout, stderr) {
      createInterface({ input: stdout }).on("line", emit(log));
      createInterface({ input: stderr }).on("line", emit(warn));
    },
    started() {
      state = "running";
      flush();
    },
    failed({ explained }) {
      if (explained) held.length = 0;
      else flush();
      state = explained ? "dropping" : "running";
    },
  };
}
