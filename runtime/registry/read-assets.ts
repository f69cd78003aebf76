/** Reading files of the assets directory through the ASSETS binding: private files and pages. */
import type { AssetFetcher } from "../env.js";

const ASSET_ORIGIN = "https://assets.invalid";

/** Reads `path` from the assets (static files, streamed as they are). */
export async function readAsset(assets: AssetFetcher, path: string): Promise<Response> {
  return assets.fetch(new Request(ASSET_ORIGIN + path));
}

async function readPrivate(assets: AssetFetcher, path: string): Promise<Response> {
  const response = await readAsset(assets, path);
  if (!response.ok) throw new Error(`private file ${path}: HTTP ${response.status}`);
  return response;
}

/** A private file, refused unless it carries exactly the schema id this runtime reads. */
export async function readPrivateJson<T extends { schema: string }>(
  assets: AssetFetcher,
  { path, schema }: { path: string; schema: string },
): Promise<T> {
  const value = (await (await readPrivate(assets, path)).json()) as T;
  if (value?.schema !== schema) throw new Error(`private file ${path}: schema is not ${schema}`);
  return value;
}

/** A private text file (its reader checks the schema). */
export async function readPrivateText(assets: AssetFetcher, path: string): Promise<string> {
  return (await readPrivate(assets, path)).text();
}

/** A private binary file (its reader checks the schema). */
export async function readPrivateBytes(assets: AssetFetcher, path: string): Promise<Uint8Array> {
  return new Uint8Array(await (await readPrivate(assets, path)).arrayBuffer());
}

/**
 * A generated product page's HTML, read once per isolate into `pages`: a small file per language
 * and page id (PAGE_IDS), 70 at most.
 */
export async function readPage(
  data: { assets: AssetFetcher; pages: Map<string, string> },
  path: string,
): Promise<string | null> {
  const cached = data.pages.get(path);
  if (cached !== undefined) return cached;
  const response = await readAsset(data.assets, path);
  if (!response.ok) return null;
  const html = await response.text();
  data.pages.set(path, html);
  return html;
}
