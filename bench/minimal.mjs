/** The data of the minimal Map-lookup worker (bench/minimal-worker.js): one map.json of every link. */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { redirects } from "./generate.mjs";

export const MINIMAL_WORKER = join(dirname(fileURLToPath(import.meta.url)), "minimal-worker.js");

/** The same worker sending the response headers of map.json `headers` (inline script source). */
export async function minimalWithHeadersScript() {
  const source = await readFile(MINIMAL_WORKER, "utf8");
  const flagged = source.replace("const SAME_HEADERS = false;", "const SAME_HEADERS = true;");
  if (flagged === source) throw new Error("minimal-worker.js: SAME_HEADERS flag not found");
  return flagged;
}

/** Links per map file: keeps each under the 25 MiB asset limit (about 50 bytes a link). */
const LINKS_PER_FILE = 200_000;

/**
 * Writes `dir/map.json` ({ parts, splat: {key: target}, depths: deepest first, headers }) and
 * `dir/map-<n>.json` ({key: target} of exact links): the whole map, in files under 25 MiB.
 * Returns the total bytes.
 */
export async function writeMinimalAssets(dir, links, headers = {}) {
  const exact = {};
  const splat = {};
  const depths = new Set();
  for (const link of links) {
    if (link.kind === "splat") {
      splat[link.key] = link.target;
      depths.add(link.key.split("/").length);
    } else if (redirects(link)) exact[link.key] = link.target;
  }
  await mkdir(dir, { recursive: true });
  const entries = Object.entries(exact);
  let bytes = 0;
  let parts = 0;
  for (let start = 0; start < entries.length || parts === 0; start += LINKS_PER_FILE, parts++) {
    const body = JSON.stringify(Object.fromEntries(entries.slice(start, start + LINKS_PER_FILE)));
    await writeFile(join(dir, `map-${parts}.json`), body);
    bytes += body.length;
  }
  const index = JSON.stringify({
    parts,
    splat,
    depths: [...depths].sort((a, b) => b - a),
    headers,
  });
  await writeFile(join(dir, "map.json"), index);
  return bytes + index.length;
}
