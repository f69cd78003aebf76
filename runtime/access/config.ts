/**
 * Access configuration (docs/access.md): `ACCESS_TEAM_DOMAIN` and `ACCESS_AUD`.
 * Anything missing or malformed is a refusal: the protected paths fail closed.
 */
import type { Env } from "../env.js";

export type AccessEnv = Pick<Env, "ACCESS_TEAM_DOMAIN" | "ACCESS_AUD">;

export interface AccessConfig {
  /** The team domain as an origin, no trailing slash: the expected `iss`. */
  issuer: string;
  /** The Access application's AUD tag: `aud` must contain it. */
  audience: string;
  /** `{issuer}/cdn-cgi/access/certs`: the team's JWKS. */
  certsUrl: string;
}

export type AccessConfigResult = { ok: true; config: AccessConfig } | { ok: false; reason: string };

export const CERTS_PATH = "/cdn-cgi/access/certs";

/** Plain http is accepted only for these hosts, so tests can serve a JWKS locally. */
const LOOPBACK_HOSTS: readonly string[] = ["127.0.0.1", "[::1]"];

export function readAccessConfig(env: AccessEnv): AccessConfigResult {
  const team = env.ACCESS_TEAM_DOMAIN?.trim() ?? "";
  const audience = env.ACCESS_AUD?.trim() ?? "";
  if (team === "") return { ok: false, reason: "not-configured: ACCESS_TEAM_DOMAIN is not set" };
  if (audience === "") return { ok: false, reason: "not-configured: ACCESS_AUD is not set" };
  const issuer = teamOrigin(team);
  if (issuer === null) {
    return {
      ok: false,
      reason:
        "not-configured: ACCESS_TEAM_DOMAIN must be an https origin such as https://TEAM.cloudflareaccess.com",
    };
  }
  return { ok: true, config: { issuer, audience, certsUrl: issuer + CERTS_PATH } };
}

/** `https://host[:port]` with nothing after it but one optional `/`; http only on loopback. */
function teamOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const secure = url.protocol === "https:";
  const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname);
  if (!secure && !loopback) return null;
  if (url.username !== "" || url.password !== "") return null;
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "") return null;
  if (value.includes("?") || value.includes("#")) return null;
  return url.origin;
}
