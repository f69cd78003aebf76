/**
 * Where the cache lives and what identifies the compiler that filled it (docs/cache.md):
 * `SHORTLINKS_CACHE_DIR` when set; otherwise `node_modules/.cache/shortlinks/` in the nearest
 * folder from the instance root up that holds `node_modules` (git-ignored by every instance
 * `init` writes, and what CI caches already); no cache at all when there is none.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generatorIdentity } from "../paths.js";

export const CACHE_DIR_ENV = "SHORTLINKS_CACHE_DIR";

export function cacheDirFor(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env[CACHE_DIR_ENV];
  if (given !== undefined && given !== "") return resolve(given);
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules")))
      return join(dir, "node_modules", ".cache", "shortlinks");
    if (dirname(dir) === dir) return null;
  }
}

let identity: string | undefined;

/**
 * The compiler's identity: its version and the hash of the code running (the bundled CLI holds
 * the whole compiler), so a changed compiler never reads what another one cached.
 */
export function compilerIdentity(): string {
  if (identity === undefined) {
    let code = "";
    try {
      code = createHash("sha256")
        .update(readFileSync(fileURLToPath(import.meta.url)))
        .digest("hex");
    } catch {
      code = String(Date.now()); // unreadable code: an identity no other run shares
    }
    identity = `${generatorIdentity()} ${code}`;
  }
  return identity;
}
