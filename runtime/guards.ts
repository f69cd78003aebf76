/**
 * Step 1 of the resolution order: private runtime files and scanner probes, in any spelling.
 * Both take the path folded once by `foldPathForGuards`.
 */
import { PAGES_DIR } from "./routes.js";
import { PRIVATE_DIRS, PRIVATE_FILES, type Blocklist } from "./contract/index.js";

const PRIVATE = new Set<string>(PRIVATE_FILES);

export function isPrivateFile(folded: string): boolean {
  const below = folded + "/";
  return (
    PRIVATE.has(folded) ||
    PRIVATE_DIRS.some((dir) => below.startsWith(dir)) ||
    below.startsWith(PAGES_DIR)
  );
}

export function isProbe(folded: string, blocklist: Pick<Blocklist, "probes">): boolean {
  const { prefixes, suffixes, exact, contains } = blocklist.probes;
  return (
    exact.includes(folded) ||
    prefixes.some((p) => folded.startsWith(p)) ||
    suffixes.some((s) => folded.endsWith(s)) ||
    contains.some((c) => folded.includes(c))
  );
}
