#!/usr/bin/env node
import { main } from "../out/cli.js";

process.exitCode = await main(process.argv.slice(2));
