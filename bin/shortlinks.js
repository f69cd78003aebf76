#!/usr/bin/env node
import { main } from "../out/cli.js";

// A reader that stops early (`shortlinks explain docs | head -1`) closes the pipe: the CLI stops
// printing there and finishes its command, and exits with the command's own code.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });

process.exitCode = await main(process.argv.slice(2));
