import { describe, expect, it } from "vitest";
import { DeadlineError, netProblem, ProbeTimeoutError } from "./net-problem.js";
import { UnsafeAddressError } from "./safe-lookup.js";

const err = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("why no answer came, as a class of problem", () => {
  it.each([
    [err("ENOTFOUND", "getaddrinfo ENOTFOUND x.example"), "dns", false],
    [err("EAI_AGAIN"), "dns", true],
    [err("ECONNREFUSED"), "refused", false],
    [err("EHOSTUNREACH"), "unreachable", false],
    [err("ECONNRESET"), "reset", true],
    [new Error("socket hang up"), "reset", true],
    [err("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"), "tls", false],
    [err("CERT_HAS_EXPIRED"), "tls", false],
    [err("ERR_TLS_CERT_ALTNAME_INVALID"), "tls", false],
    [err("ERR_SSL_WRONG_VERSION_NUMBER"), "tls", false],
    [err("ETIMEDOUT"), "timeout", false],
    [new ProbeTimeoutError("no answer within 200 ms"), "timeout", false],
    [new DeadlineError("the overall deadline passed"), "deadline", false],
    [new UnsafeAddressError("x resolves to 10.0.0.1"), "unsafe-address", false],
    [err("HPE_INVALID_CONSTANT", "Parse Error"), "protocol", false],
    [new AggregateError([err("ECONNREFUSED"), err("ENETUNREACH")]), "refused", false],
  ])("%s -> %s", (error, kind, transient) => {
    const problem = netProblem(error);
    expect(problem.kind).toBe(kind);
    expect(problem.transient === true).toBe(transient);
  });
});
