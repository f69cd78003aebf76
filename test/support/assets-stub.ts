/** An `ASSETS` binding for Node: serves files of a built `dist/assets` folder, 404 otherwise. */
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { contentTypeOf } from "../../runtime/contract/index.js";
import type { AssetFetcher } from "../../runtime/env.js";

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
          headers: { "content-type": contentTypeOf(file) },
        });
      } catch {
        return new Response("Not found", { status: 404 });
      }
    },
  };
}
