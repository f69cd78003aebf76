/**
 * Option parsers shared by the commands. A bad value throws commander's InvalidArgumentError,
 * which prints one line (`error: option '--root <dir>' argument 'X' is invalid. ...`) and exits 2.
 */
import { InvalidArgumentError } from "commander";
import { statSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism, networkInterfaces } from "node:os";
import ipaddr from "ipaddr.js";

/** `--root DIR`: an existing folder (the default, `.`, is not parsed). */
export function parseRoot(value: string): string {
  let isDir: boolean;
  try {
    isDir = statSync(value).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new InvalidArgumentError("no such folder");
    throw new InvalidArgumentError(`cannot read it (${code ?? String(error)})`);
  }
  if (!isDir) throw new InvalidArgumentError("not a folder (name the instance folder)");
  return value;
}

/** `--jobs N`: threads a build or check may use, a whole number from 1 (docs/performance.md). */
export function parseJobs(value: string): number {
  if (!/^[1-9]\d{0,3}$/.test(value))
    throw new InvalidArgumentError("expected a whole number from 1");
  return Number(value);
}

/** Threads a build or check uses by default: as many as the machine runs at once. */
export const DEFAULT_JOBS = availableParallelism();

/**
 * `--host ADDR` for a local server: `localhost`, or an IP address this machine can listen on
 * (loopback, unspecified, or one of its interfaces). Names are refused rather than looked up.
 */
export function parseHost(value: string): string {
  if (value === "localhost") return value;
  if (isIP(value) === 0)
    throw new InvalidArgumentError(
      "expected an IP address of this machine (127.0.0.1, ::1, 0.0.0.0, ::) or localhost",
    );
  const address = ipaddr.process(value);
  const range = address.range();
  if (range === "loopback" || range === "unspecified") return value;
  const own = Object.values(networkInterfaces())
    .flat()
    .some((nic) => nic !== undefined && sameAddress(nic.address, address));
  if (!own) throw new InvalidArgumentError("not an address of this machine");
  return value;
}

function sameAddress(text: string, address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return ipaddr.isValid(text) && ipaddr.process(text).toString() === address.toString();
}
