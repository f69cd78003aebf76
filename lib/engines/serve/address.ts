/**
 * SL605, the address `serve` cannot listen on: checked before anything is built, and again when
 * workerd itself fails to bind (another server may take the port in between). One line, like
 * every bad argument: the host and port are its place, the fix is in the message.
 */
import { createServer } from "node:net";
import { diag } from "../../shared/diagnostics.js";
import { ServeProblem } from "./problems.js";

/** Why workerd or Node could not listen, in words; undefined for a failure that is not that. */
export function listenFailure(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (
    code === "EADDRINUSE" ||
    code === "ERR_ADDRESS_IN_USE" ||
    /address already in use/i.test(message)
  )
    return "is in use";
  if (code === "EACCES") return "needs privileges this user lacks (ports below 1024)";
  if (code === "EADDRNOTAVAIL") return "is not an address of this machine";
  return undefined;
}

export function addressProblem(host: string, port: number, why: string): ServeProblem {
  const at = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  return new ServeProblem(
    diag(
      "SL605",
      { file: at, line: 0 },
      `cannot listen on ${at}: it ${why}; stop the other server or pass another --port`,
    ),
    { usage: true },
  );
}

/** Resolves when `host:port` can be listened on now (port 0 always can); SL605 otherwise. */
export async function ensureAddressFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((done, fail) => {
    probe.once("error", fail);
    probe.listen({ host, port }, done);
  }).catch((error: unknown) => {
    const why = listenFailure(error);
    throw why === undefined ? error : addressProblem(host, port, why);
  });
  await new Promise((done) => probe.close(done));
}
