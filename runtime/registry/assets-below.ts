/** The assets as one host reads its own registry and operator files (docs/domains.md). */
import type { AssetFetcher } from "../env.js";

/**
 * `assets`, every path read below `dir` (`/links-hosts/<host>`), so the readers of the default
 * host's files read another host's unchanged. The default host's dir is "": `assets` itself.
 */
export function assetsBelow(assets: AssetFetcher, dir: string): AssetFetcher {
  if (dir === "") return assets;
  return {
    fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      return assets.fetch(new Request(url.origin + dir + url.pathname));
    },
  };
}
