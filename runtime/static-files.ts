/**
 * Which static file a request path is served from. An HTML file also answers on its pretty path
 * (`/hello` and `/hello/` for `/hello.html`; `/guide` and `/guide/` for `/guide/index.html`), as
 * Cloudflare's static assets do by default. The compiler reserves exactly these paths (no link
 * may take them, SL304) and gives them the file's header rules, from the same function.
 */

/** Every request path `file` (a public path such as `/hello.html`) answers on, itself first. */
export function servedPathsOf(file: string): string[] {
  if (file.endsWith("/index.html")) {
    const dir = file.slice(0, -"index.html".length);
    const bare = file.slice(0, -".html".length);
    return dir === "/" ? [file, "/", bare] : [file, dir, dir.slice(0, -1), bare];
  }
  if (file.endsWith(".html")) return [file, file.slice(0, -".html".length)];
  return [file];
}

/** The static file `path` is served from, or undefined. */
export function staticFileFor(path: string, files: ReadonlySet<string>): string | undefined {
  if (files.has(path)) return path;
  const bare = path.replace(/\/+$/, "");
  if (bare !== "" && files.has(`${bare}.html`)) return `${bare}.html`;
  if (files.has(`${bare}/index.html`)) return `${bare}/index.html`;
  return undefined;
}
