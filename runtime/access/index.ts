/** Access control for the operational paths (docs/access.md). */
export {
  verifyAccess,
  JWKS_TIMEOUT_MS,
  CLOCK_TOLERANCE_S,
  MAX_TOKEN_LENGTH,
  type AccessVerdict,
} from "./verify.js";
export { isProtectedPath, type ProtectedArea, type ProtectedPath } from "./paths.js";
export { readAccessConfig, CERTS_PATH, type AccessConfig, type AccessEnv } from "./config.js";
export { extractAccessToken, ACCESS_HEADER, ACCESS_COOKIE } from "./token.js";
