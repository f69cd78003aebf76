/** The sandboxed profile for HTML from custom/public/, exactly as the specification lists it. */
export const SANDBOXED_CSP = [
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads",
  "default-src 'self' https: data: blob:",
  "script-src 'self' 'unsafe-inline' https:",
  "style-src 'self' 'unsafe-inline' https:",
  "img-src 'self' https: data: blob:",
  "connect-src 'self' https:",
  "base-uri 'self'",
  "form-action 'self' https:",
  "frame-ancestors 'none'",
].join("; ");

/** Public paths a custom HTML file answers on: the file itself and its pretty spellings. */
export function htmlServedPaths(path: string): string[] {
  if (path.endsWith("/index.html")) {
    const dir = path.slice(0, -"index.html".length);
    return dir === "/" ? [path, "/"] : [path, dir, dir.slice(0, -1)];
  }
  if (path.endsWith(".html")) return [path, path.slice(0, -".html".length)];
  return [path];
}
