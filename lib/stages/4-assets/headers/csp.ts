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
export { servedPathsOf as htmlServedPaths } from "../../../../runtime/static-files.js";
