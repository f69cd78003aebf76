/**
 * Where the Access JWT travels: the `Cf-Access-Jwt-Assertion` header that Cloudflare Access adds
 * in front of the worker, or the `CF_Authorization` cookie as a fallback. Nothing else is read.
 */

export const ACCESS_HEADER = "Cf-Access-Jwt-Assertion";
export const ACCESS_COOKIE = "CF_Authorization";

export function extractAccessToken(request: Request): string | null {
  const header = request.headers.get(ACCESS_HEADER)?.trim();
  if (header) return header;
  return readCookie(request.headers.get("Cookie"), ACCESS_COOKIE);
}

function readCookie(cookieHeader: string | null, name: string): string | null {
  if (cookieHeader === null) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return value === "" ? null : value;
  }
  return null;
}
