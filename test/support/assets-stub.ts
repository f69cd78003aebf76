/** An `ASSETS` binding for Node: serves files of a built `dist/assets` folder, 404 otherwise. */
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import type { AssetFetcher } from "../../runtime/env.js";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

export function dirAssets(dir: string): AssetFetcher & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    async fetch(request: Request): Promise<Response> {
      const path = decodeURIComponent(new URL(request.url).pathname);
      requests.push(path);
      const file = normalize(join(dir, path));
      if (!file.startsWith(normalize(dir))) return new Response("Not found", { status: 404 });
      try {
        const body = await readFile(file);
        return new Response(body, {
          headers: { "content-type": TYPES[extname(file)] ?? "application/octet-stream" },
        });
      } catch {
        return new Response("Not found", { status: 404 });
      }
    },
  };
}
