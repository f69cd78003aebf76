/**
 * Which file `add` writes: only a link source the build reads (custom/links/NAME.yaml, .yml or
 * .csv, directly in that folder). Without --file: the one YAML source when there is exactly one
 * (else the one source), links.yaml when it is among several, a new links.yaml when there is none.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isCsvSource } from "../../stages/1-sources/links/source-file.js";
import { listSourceFiles } from "../../stages/1-sources/links/load-sources.js";
import { LINKS_DIR } from "../../shared/paths.js";

export const DEFAULT_ADD_FILE = `${LINKS_DIR}/links.yaml`;
const SOURCE_NAME = /^[^/]+\.(ya?ml|csv)$/i;

export async function chooseAddFile(
  root: string,
  requested: string | undefined,
): Promise<{ file: string } | { problem: Diagnostic }> {
  if (requested !== undefined) {
    const rel = relative(root, resolve(root, requested)).split(sep).join("/");
    const why =
      rel.startsWith("../") || rel === ".." || isAbsolute(rel)
        ? "it is outside the instance"
        : !rel.startsWith(`${LINKS_DIR}/`)
          ? `it is not in ${LINKS_DIR}/, so the build would never read it`
          : !SOURCE_NAME.test(rel.slice(LINKS_DIR.length + 1))
            ? "the build reads only .yaml, .yml and .csv files directly in that folder"
            : undefined;
    if (why === undefined) return { file: rel };
    return {
      problem: diag(
        "SL120",
        { file: requested, line: 0 },
        `add writes link sources only (${LINKS_DIR}/NAME.yaml, .yml or .csv): ${why}`,
      ),
    };
  }
  const sources = await listSourceFiles(root);
  const yaml = sources.filter((f) => !isCsvSource(f));
  const candidates = yaml.length > 0 ? yaml : sources;
  if (candidates.length === 0) return { file: DEFAULT_ADD_FILE };
  if (candidates.length === 1) return { file: candidates[0] };
  if (candidates.includes(DEFAULT_ADD_FILE)) return { file: DEFAULT_ADD_FILE };
  return {
    problem: diag(
      "SL120",
      { file: LINKS_DIR, line: 0 },
      `several link sources (${candidates.join(", ")}): name one with --file`,
    ),
  };
}
