#!/usr/bin/env node
import module from "node:module";

// Node 22.1+ keeps V8's compiled code of out/cli.js between runs (in the temp folder, or where
// NODE_COMPILE_CACHE says), as npm's own CLI does: a quarter off every start on Node 24
// (docs/performance.md, "The CLI's packages in its bundle"). Node 20 has no such cache.
module.enableCompileCache?.();
const { main } = await import("../out/cli.js");

// A reader that stops early (`shortlinks explain docs | head -1`) closes the pipe: the CLI stops
// printing there and finishes its command, and exits with the command's own code.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });

process.exitCode = await main(process.argv.slice(2));
