/**
 * Content types by extension, the one table: the custom-assets manifest records them, and every
 * in-process `ASSETS` binding (explain, tests) answers with them, as Cloudflare's asset server
 * does for the same files.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json",
};

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/** An HTML page by its name: it gets the HTML cache rules, a CSP profile and a pageview. */
export function isHtmlPath(path: string): boolean {
  return contentTypeOf(path).startsWith("text/html");
}

/** The content type of a path by its last extension, case-insensitive. */
export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf(".");
  const ext = dot >= 0 && dot > path.lastIndexOf("/") ? path.slice(dot).toLowerCase() : "";
  return CONTENT_TYPES[ext] ?? DEFAULT_CONTENT_TYPE;
}

/** A web font by its content type (the only static files a sandboxed page may load cross-origin). */
export function isFontType(contentType: string): boolean {
  return contentType.startsWith("font/");
}
