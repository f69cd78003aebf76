/**
 * Test helpers, not part of the bundle: an RSA key pair made on the spot, its JWKS in the shape
 * Cloudflare Access serves, and a signer for Access-like tokens. Shared by the unit tests here and
 * by the end-to-end tests against the built bundle (Node and workerd).
 */
import {
  SignJWT,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
} from "jose";
import { CERTS_PATH, type AccessEnv } from "../../runtime/access/config.js";

export interface SignOptions {
  /** The `kid` header; defaults to the fixture's key id. */
  kid?: string;
  /** Sign with another key (for example one the JWKS does not list). */
  privateKey?: CryptoKey;
}

export interface AccessFixture {
  kid: string;
  /** `{ keys: [...] }`, the public half only. */
  jwks: JSONWebKeySet;
  /** The public key as SPKI PEM (what an HS256 confusion attack would use as its secret). */
  publicKeyPem: string;
  /**
   * An RS256 token: `iat`, `nbf` now, `exp` in ten minutes, `sub`, `email` and `type: "app"`
   * unless `claims` says otherwise. A claim set to `undefined` is left out.
   */
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
  /** Answers `GET /cdn-cgi/access/certs` with the JWKS, 404 otherwise: mount it on any server. */
  handleJwks(request: Request): Response;
}

export const FIXTURE_AUD = "3f2b7c1d9e8a4f60b5c2d7e1a9f04b3c6d8e2f1a7b5c9d0e4f3a2b1c6d7e8f90";
export const FIXTURE_EMAIL = "operator@example.com";

/** The `iss` and `aud` a token must carry for `env`. */
export function claimsFor(env: AccessEnv): { iss: string; aud: string[] } {
  return { iss: (env.ACCESS_TEAM_DOMAIN ?? "").replace(/\/$/, ""), aud: [env.ACCESS_AUD ?? ""] };
}

export async function makeAccessFixture(): Promise<AccessFixture> {
  const kid = "test-" + crypto.randomUUID();
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const jwks: JSONWebKeySet = { keys: [jwk] };
  const publicKeyPem = await exportSPKI(publicKey);

  async function sign(claims: JWTPayload, options: SignOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const merged: JWTPayload = {
      sub: "7335d417-61da-459d-899c-0a01c76a2f94",
      email: FIXTURE_EMAIL,
      type: "app",
      iat: now,
      nbf: now,
      exp: now + 600,
      ...claims,
    };
    const present = Object.fromEntries(
      Object.entries(merged).filter(([, value]) => value !== undefined),
    );
    return new SignJWT(present)
      .setProtectedHeader({ alg: "RS256", kid: options.kid ?? kid, typ: "JWT" })
      .sign(options.privateKey ?? privateKey);
  }

  function handleJwks(request: Request): Response {
    if (new URL(request.url).pathname !== CERTS_PATH)
      return new Response("not found", { status: 404 });
    return Response.json(jwks);
  }

  return { kid, jwks, publicKeyPem, sign, handleJwks };
}
