/** workerd's output as serve prints it: the worker's log lines quote visitors, shown escaped. */
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { runtimeOutput } from "./runtime-output.js";

describe("serve: the runtime's output", () => {
  it("a log line that quotes a visitor's controls prints them escaped", async () => {
    const log: string[] = [];
    const output = runtimeOutput(
      (line) => log.push(line),
      (line) => log.push(line),
    );
    const stdout = new PassThrough();
    output.handleRuntimeStdio(stdout, new PassThrough());
    output.started();
    stdout.write("refused /x\u001b[2J\u0007\u202e\n");
    await vi.waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toBe("refused /x\\u001b[2J\\u0007\\u202e");
  });
});
