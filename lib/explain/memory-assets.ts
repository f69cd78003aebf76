/** An `ASSETS` binding over the compiler's in-memory output, so explain runs the runtime unchanged. */
import type { AssetFetcher } from "../../runtime/env.js";
import type { OutputFile } from "../output-files.js";

const TYPES: [RegExp, string][] = [
  [/\.html$/, "text/html; charset=utf-8"],
  [/\.json$/, "application/json"],
  [/\.js$/, "text/javascript; charset=utf-8"],
  [/\.css$/, "text/css; charset=utf-8"],
  [/\.txt$/, "text/plain; charset=utf-8"],
  [/\.svg$/, "image/svg+xml"],
];

export function memoryAssets(files: readonly OutputFile[]): AssetFetcher {
  const byPath = new Map(
    files
      .filter((f) => f.path.startsWith("assets/"))
      .map((f) => [f.path.slice("assets".length), f.content]),
  );
  return {
    async fetch(request: Request): Promise<Response> {
      const path = decodeURIComponent(new URL(request.url).pathname);
      const content = byPath.get(path);
      if (content === undefined) return new Response("Not found", { status: 404 });
      const type = TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? "application/octet-stream";
      return new Response(content, { headers: { "content-type": type } });
    },
  };
}
