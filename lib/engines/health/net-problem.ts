/** What went wrong when no HTTP answer came, in the words an operator needs. */

export type NetProblemKind =
  | "dns"
  | "tls"
  | "refused"
  | "unreachable"
  | "reset"
  | "timeout"
  | "unsafe-address"
  | "deadline"
  | "protocol";

export interface NetProblem {
  kind: NetProblemKind;
  message: string;
  /** Worth one more try: a dropped connection, a temporary DNS failure. */
  transient?: boolean;
}

/** Thrown into a request the clock gave up on. */
export class ProbeTimeoutError extends Error {
  readonly code = "SHORTLINKS_TIMEOUT";
}

/** Thrown into a request the overall deadline cut short. */
export class DeadlineError extends Error {
  readonly code = "SHORTLINKS_DEADLINE";
}

const DNS = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NODATA", "EAI_FAIL", "ENODATA", "ESERVFAIL"]);
const UNREACHABLE = new Set(["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN"]);
const RESET = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

function isTls(code: string, message: string): boolean {
  return (
    /CERT|SELF_SIGNED|UNABLE_TO_|ERR_TLS_|ERR_SSL_|EPROTO/.test(code) ||
    /certificate|ssl|tls/i.test(message)
  );
}

/** Classifies a Node socket, DNS, TLS or parser error (or our own timeout and deadline). */
export function netProblem(error: unknown): NetProblem {
  // With several addresses, Node reports every failed attempt together; the first one speaks.
  const err = (error instanceof AggregateError && error.errors[0]) || error;
  const code = String((err as NodeJS.ErrnoException)?.code ?? "");
  const message = String((err as Error)?.message ?? err);
  if (code === "SHORTLINKS_UNSAFE_ADDRESS") return { kind: "unsafe-address", message };
  if (code === "SHORTLINKS_DEADLINE") return { kind: "deadline", message };
  if (code === "SHORTLINKS_TIMEOUT" || code === "ETIMEDOUT")
    return { kind: "timeout", message: `timeout: ${message}` };
  if (DNS.has(code))
    return {
      kind: "dns",
      message: `DNS failure (${code}): ${message}`,
      transient: code === "EAI_AGAIN",
    };
  if (code === "ECONNREFUSED")
    return { kind: "refused", message: `connection refused: ${message}` };
  if (UNREACHABLE.has(code)) return { kind: "unreachable", message: `unreachable: ${message}` };
  if (isTls(code, message))
    return { kind: "tls", message: `TLS failure${code ? ` (${code})` : ""}: ${message}` };
  if (RESET.has(code) || /socket hang up/i.test(message))
    return { kind: "reset", message: `connection dropped: ${message}`, transient: true };
  return {
    kind: "protocol",
    message: `no valid HTTP answer${code ? ` (${code})` : ""}: ${message}`,
  };
}
