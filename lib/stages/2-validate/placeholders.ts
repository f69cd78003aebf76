/**
 * Placeholder links (docs/links.md, "Placeholders"): their `params` rules (SL382), the
 * placeholders their targets name (SL381), and pairs that could answer one path with equal rank
 * (SL383). Matching itself is runtime/placeholders.ts, which these checks share.
 */
import { meetsRule, patternOf, type Pattern } from "../../../runtime/placeholders.js";
import type { LinkRecord, ParamRule } from "../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";

/** The link's rules as the registry keeps them, and what is wrong with them. */
export function checkParams(
  link: SourceLink,
  names: readonly string[],
): { params?: Record<string, ParamRule>; diagnostics: Diagnostic[] } {
  if (link.params === undefined) return { diagnostics: [] };
  const subject = `link "${link.slug}"`;
  const at = (name?: string) => ({
    file: link.file,
    line:
      (name === undefined ? undefined : link.fieldLines[`params.${name}`]) ??
      link.fieldLines.params ??
      link.line,
  });
  if (names.length === 0)
    return {
      diagnostics: [
        diag(
          "SL382",
          at(),
          `${subject}: params apply to placeholder links only, and the slug has no :name segment`,
          "remove params, or write the varying segment as :name in the slug",
        ),
      ],
    };
  const diagnostics: Diagnostic[] = [];
  const params: Record<string, ParamRule> = {};
  for (const [name, written] of Object.entries(link.params)) {
    const problem = (why: string, hint?: string) =>
      diagnostics.push(diag("SL382", at(name), `${subject}: params.${name}: ${why}`, hint));
    if (!names.includes(name)) {
      problem(
        `the slug has no placeholder :${name} (it has ${names.map((n) => `:${n}`).join(", ")})`,
        "name a placeholder of the slug",
      );
      continue;
    }
    const rule: ParamRule = { digits: true };
    if (written !== "digits") {
      if (written.digits === undefined && written.min === undefined && written.max === undefined) {
        problem("an empty rule", "write digits, or give min and max");
        continue;
      }
      if (written.min !== undefined) rule.min = written.min;
      if (written.max !== undefined) rule.max = written.max;
      if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) {
        problem(`min ${rule.min} is above max ${rule.max}: no value meets it`);
        continue;
      }
    }
    params[name] = rule;
  }
  return Object.keys(params).length > 0 ? { params, diagnostics } : { diagnostics };
}

// `:splat` as a prefix, else a whole `:name`: as the runtime reads targets (runtime/targets/splat.ts).
const TOKEN = /:splat|:([A-Za-z]\w*)/g;
const AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]*[^/\\?#]*/i;

/** SL381: `:name` in a placeholder link's target that its slug does not capture. */
export function uncapturedNames(
  link: SourceLink,
  names: readonly string[],
  splat: boolean,
): Diagnostic[] {
  const rest = link.target.slice(AUTHORITY.exec(link.target)?.[0].length ?? 0);
  const unknown = new Set<string>();
  for (const match of rest.matchAll(TOKEN)) {
    const name = match[1] ?? "splat";
    if (name === "splat" ? !splat : !names.includes(name)) unknown.add(name);
  }
  return [...unknown].map((name) =>
    diag(
      "SL381",
      { file: link.file, line: link.fieldLines.target ?? link.line },
      `link "${link.slug}": the target holds :${name}, which ${name === "splat" ? "a slug without /* does not capture; it becomes empty" : "the slug does not capture; it stays as written"}`,
      name === "splat"
        ? "end the slug with /*, or remove :splat"
        : `add :${name} to the slug, or remove it from the target`,
    ),
  );
}

/** SL383: pairs of placeholder links that can match one path with equal rank. */
export function placeholderConflicts(links: readonly LinkRecord[]): Diagnostic[] {
  const groups = new Map<string, { link: LinkRecord; pattern: Pattern }[]>();
  for (const link of links) {
    if (link.kind !== "placeholder") continue;
    const pattern = patternOf(link.params ? [link.key, link.params] : [link.key]);
    // Per host: links on two hosts never answer one request (docs/domains.md).
    const group = `${link.domain ?? ""}|${pattern.rank.join(",")}|${pattern.tail === "*" ? "*" : pattern.segments.length + pattern.tail}`;
    groups.set(group, [...(groups.get(group) ?? []), { link, pattern }]);
  }
  const out: Diagnostic[] = [];
  for (const group of groups.values())
    for (let j = 1; j < group.length; j++)
      for (let i = 0; i < j; i++) {
        const path = sharedPath(group[i].pattern, group[j].pattern);
        if (path === null) continue;
        const [first, second] = [group[i].link, group[j].link];
        out.push(
          diag(
            "SL383",
            second,
            `placeholder links "${second.slug}" and "${first.slug}" at ${first.file}:${first.line} can both match ${path}, with equal rank`,
            "add a literal segment or a params rule to one of them, or remove one",
          ),
        );
        break;
      }
  return out;
}

/** A path both patterns match (same tail kind assumed), or null when none exists. */
function sharedPath(a: Pattern, b: Pattern): string | null {
  const length = Math.max(a.segments.length, b.segments.length);
  if (a.tail !== "*" && a.segments.length !== b.segments.length) return null;
  const path: string[] = [];
  for (let i = 0; i < length; i++) {
    const value = shared(a.segments[i], b.segments[i]);
    if (value === null) return null;
    path.push(value);
  }
  return "/" + path.join("/") + (a.tail === "/" ? "/" : "");
}

type Segment = Pattern["segments"][number] | undefined;

function shared(x: Segment, y: Segment): string | null {
  if (x === undefined || y === undefined) return sample(x ?? y);
  if (typeof x === "string" && typeof y === "string") return x === y ? x : null;
  if (typeof x === "string") return fits(x, y as Placeholder) ? x : null;
  if (typeof y === "string") return fits(y, x) ? y : null;
  if (!x.rule || !y.rule) return sample(x.rule ? x : y);
  const low = Math.max(x.rule.min ?? 0, y.rule.min ?? 0);
  const high = Math.min(x.rule.max ?? Infinity, y.rule.max ?? Infinity);
  return low <= high ? String(low) : null;
}

type Placeholder = Exclude<Segment, string | undefined>;

function fits(literal: string, placeholder: Placeholder): boolean {
  return !placeholder.rule || meetsRule(literal, placeholder.rule);
}

function sample(segment: Segment): string {
  if (segment === undefined) return "x";
  if (typeof segment === "string") return segment;
  return segment.rule ? String(segment.rule.min ?? 0) : "x";
}
