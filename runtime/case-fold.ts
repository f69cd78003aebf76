/**
 * The one case fold of slugs and paths (docs/runtime.md, "Path normalisation"): Unicode full case
 * folding, CaseFolding.txt statuses C and F, so `ΟΔΟΣ`, `οδος` and `οδοσ` are one slug and
 * `STRASSE` is `straße`. The compiler (duplicates, reserved paths, shard keys, the stats index,
 * diff) and the runtime (lookup, guards) all call foldCase(); toLowerCase() would differ from it
 * (final sigma, sharp s, Cherokee) and from one JavaScript engine's Unicode version to another's.
 */
import { FOLD_FULL, FOLD_RUNS } from "./case-fold-table.js";

const ASCII_ONLY = /^[\u0000-\u007f]*$/;

let folds: Map<number, string> | undefined;

/** The table, decoded on the first text outside ASCII (most requests never need it). */
function foldTable(): Map<number, string> {
  if (folds) return folds;
  const table = new Map<number, string>();
  for (const run of FOLD_RUNS.split(",")) {
    const [start, count, stride, delta] = run.split(" ").map((n) => parseInt(n, 36));
    for (let i = 0; i < count; i++) {
      const from = start + i * stride;
      table.set(from, String.fromCodePoint(from + delta));
    }
  }
  for (const entry of FOLD_FULL.split(",")) {
    const [from, ...to] = entry.split(" ").map((n) => parseInt(n, 36));
    table.set(from, String.fromCodePoint(...to));
  }
  folds = table;
  return table;
}

/** `text` case-folded: ASCII A-Z to a-z on the fast path, the full Unicode table otherwise. */
export function foldCase(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  const table = foldTable();
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x80) out += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : ch;
    else out += table.get(code) ?? ch;
  }
  return out;
}
