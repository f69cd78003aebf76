/** An `ASSETS` binding over the compiler's in-memory output, so explain runs the runtime unchanged. */
import { contentTypeOf } from "../../../runtime/contract/index.js";
import type { AssetFetcher } from "../../../runtime/env.js";
import type { OutputFile } from "../../stages/5-bundle/output-files.js";

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
      return new Response(content, { headers: { "content-type": contentTypeOf(path) } });
    },
  };
}
