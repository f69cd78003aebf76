/**
 * Cloudflare Access JWT verification. Never throws: every failure is `{ ok: false, reason }`,
 * where the reason is for a log line only and is never sent to a client.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { readAccessConfig, type AccessEnv } from "./config.js";
import { extractAccessToken } from "./token.js";

export type AccessVerdict =
  { ok: true; email?: string; subject?: string } | { ok: false; reason: string };

/** Abort the JWKS request after this long: an unreachable team domain is a refusal, not a hang. */
export const JWKS_TIMEOUT_MS = 3_000;
/** Tolerance for `exp` and `nbf`, in seconds. */
export const CLOCK_TOLERANCE_S = 30;
/** Access tokens are about 1 KiB; anything far larger is refused before any work. */
export const MAX_TOKEN_LENGTH = 8_192;
const MAX_CACHED_KEY_SETS = 4;
const MAX_REASON_LENGTH = 200;

/** One remote key set per team domain per isolate; jose keeps the keys and refetches on its own. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function remoteKeySet(certsUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(certsUrl);
  if (keySet === undefined) {
    if (keySets.size >= MAX_CACHED_KEY_SETS) keySets.clear();
    keySet = createRemoteJWKSet(new URL(certsUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
    keySets.set(certsUrl, keySet);
  }
  return keySet;
}

export async function verifyAccess(request: Request, env: AccessEnv): Promise<AccessVerdict> {
  try {
    return await verifyOrRefuse(request, env);
  } catch (error) {
    return refuse("internal", error);
  }
}

async function verifyOrRefuse(request: Request, env: AccessEnv): Promise<AccessVerdict> {
  const configured = readAccessConfig(env);
  if (!configured.ok) return { ok: false, reason: configured.reason };
  const { issuer, audience, certsUrl } = configured.config;

  const token = extractAccessToken(request);
  if (token === null)
    return {
      ok: false,
      reason: "no-token: no Cf-Access-Jwt-Assertion header or CF_Authorization cookie",
    };
  if (token.length > MAX_TOKEN_LENGTH)
    return { ok: false, reason: `token-too-large: ${token.length} characters` };

  // Tell a key set we could not fetch (the team domain is unreachable) from a bad token.
  const keySet = remoteKeySet(certsUrl);
  let unavailable: unknown;
  const getKey: JWTVerifyGetKey = async (header, input) => {
    try {
      return await keySet(header, input);
    } catch (error) {
      const tokenProblem =
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys;
      if (!tokenProblem) unavailable = error;
      throw error;
    }
  };

  try {
    const { payload } = await jwtVerify(token, getKey, {
      algorithms: ["RS256"],
      issuer,
      audience,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["exp"],
    });
    return accepted(payload);
  } catch (error) {
    return unavailable === undefined
      ? refuse("invalid-token", error)
      : refuse("jwks-unavailable", unavailable);
  }
}

function accepted(payload: JWTPayload): AccessVerdict {
  const verdict: AccessVerdict = { ok: true };
  if (typeof payload.email === "string" && payload.email !== "") verdict.email = payload.email;
  if (typeof payload.sub === "string" && payload.sub !== "") verdict.subject = payload.sub;
  return verdict;
}

function refuse(kind: string, error: unknown): AccessVerdict {
  return { ok: false, reason: `${kind}: ${describe(error)}`.slice(0, MAX_REASON_LENGTH) };
}

/** The error's code and message (jose messages never quote the token), plus a network cause code. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const parts = [typeof code === "string" ? code : error.name, error.message];
  if (typeof cause?.code === "string") parts.push(`(${cause.code})`);
  return parts.join(" ");
}
