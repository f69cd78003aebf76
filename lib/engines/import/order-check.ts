/**
 * After an import: paths whose answer in shortlinks (exact first, then the longest splat prefix,
 * computed by the runtime's own resolve() over the compiled instance) comes from another line
 * than the source's first match (SL854). Probes: each rule's own path, and for rules with `*`
 * or placeholders, paths just inside them.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { Explainer } from "../explain/explain.js";
import { sourceMatcher } from "./source-matcher.js";
import type { RedirectsFlavour, SourceRule } from "./types.js";

const PROBE = "order-probe";

export function probePaths(rules: readonly SourceRule[]): string[] {
  const paths = new Set<string>();
  for (const { from } of rules) {
    const filled = from.replace(/:[A-Za-z]\w*/g, PROBE);
    if (!filled.includes("*")) paths.add(filled);
    else for (const fill of ["", PROBE, `${PROBE}/${PROBE}`]) paths.add(filled.replace("*", fill));
  }
  return [...paths];
}

export async function checkOrder(options: {
  rules: readonly SourceRule[];
  flavour: RedirectsFlavour;
  file: string;
  explainer: Extract<Explainer, { ok: true }>;
  /** Source lines that were imported. */
  imported: ReadonlySet<number>;
}): Promise<Diagnostic[]> {
  const { rules, file, explainer, imported } = options;
  const match = sourceMatcher(rules, options.flavour);
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  for (const path of probePaths(rules)) {
    const source = match(path);
    if (!source) continue;
    const e = await explainer.explain({ path, at: new Date(0) });
    if (!e.match) continue;
    const ours = e.match.file === file ? e.match.line : undefined;
    if (ours === source.line) continue;
    // A line not imported answered by a link of the instance: that line's own diagnostic says why.
    if (ours === undefined && !imported.has(source.line)) continue;
    const pair = `${source.line}>${e.match.file}:${e.match.line}`;
    if (reported.has(pair)) continue;
    reported.add(pair);
    const where = ours !== undefined ? { file, line: ours } : { file, line: source.line };
    const answer =
      ours !== undefined
        ? `this line (${e.match.slug})`
        : `${e.match.file}:${e.match.line} (${e.match.slug})`;
    const why = !imported.has(source.line)
      ? `line ${source.line} is not imported`
      : e.match.kind === "exact"
        ? "an exact link wins over every splat link"
        : "the longest splat prefix wins";
    out.push(
      diag(
        "SL854",
        where,
        `${path}: the source's first match is line ${source.line} (${source.from}); shortlinks answers with ${answer}: ${why}`,
        "check which answer the path should get; the source's order no longer decides",
      ),
    );
  }
  return out;
}
