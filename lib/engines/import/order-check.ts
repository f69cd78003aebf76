/**
 * After an import: paths whose answer in shortlinks (exact first, then placeholder links by rank,
 * then the longest splat prefix, computed by the runtime's own resolve() over the compiled
 * instance) comes from another line than the source's first match (SL854). Probes: each rule's
 * own path, for rules with `*` or placeholders paths just inside them, and for placeholders the
 * literal segments other dynamic rules hold at their place.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { Explainer } from "../explain/explain.js";
import { sourceMatcher } from "./source-matcher.js";
import type { RedirectsFlavour, SourceRule } from "./types.js";
import type { LinkKind } from "../../../runtime/contract/index.js";

const PROBE = "order-probe";

/** Why shortlinks' answer comes from its line (docs/links.md, "Precedence"). */
const WHY: Record<LinkKind, string> = {
  exact: "an exact link wins over every placeholder and splat link",
  placeholder:
    "a placeholder link wins over every splat link, and more literal segments win among placeholder links",
  splat: "the longest splat prefix wins",
};

export function probePaths(rules: readonly SourceRule[]): string[] {
  const paths = new Set<string>();
  const add = (filled: string) => {
    if (!filled.includes("*")) paths.add(filled);
    else for (const fill of ["", PROBE, `${PROBE}/${PROBE}`]) paths.add(filled.replace("*", fill));
  };
  // Where a placeholder meets another dynamic rule's literal segment at the same place, the two
  // rules answer one path, and the order that picks between them may differ: probe it too.
  const literals = dynamicLiterals(rules);
  for (const { from } of rules) {
    add(from.replace(PLACEHOLDER, PROBE));
    const segments = from.split("/");
    segments.forEach((segment, at) => {
      if (!WHOLE_PLACEHOLDER.test(segment)) return;
      for (const literal of literals.get(at) ?? [])
        add(
          segments
            .map((s, i) => (i === at ? literal : s))
            .join("/")
            .replace(PLACEHOLDER, PROBE),
        );
    });
  }
  return [...paths];
}

const PLACEHOLDER = /:[A-Za-z]\w*/g;
const WHOLE_PLACEHOLDER = /^:[A-Za-z]\w*$/;

/** The literal segments of the rules with `*` or a placeholder, by their place in the path. */
function dynamicLiterals(rules: readonly SourceRule[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const { from } of rules) {
    if (!from.includes("*") && !/:[A-Za-z]\w*/.test(from)) continue;
    from.split("/").forEach((segment, at) => {
      if (segment === "" || segment.includes("*") || segment.includes(":")) return;
      out.set(at, (out.get(at) ?? new Set()).add(segment));
    });
  }
  return out;
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
      : WHY[e.match.kind];
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
