/**
 * `shortlinks health` without the command line: compile the instance in memory (the same
 * validated links `build` would ship), pick the links that can redirect, probe their targets.
 */
import { compileInstance } from "../../stages/compile.js";
import { errorsIn, type Diagnostic } from "../../shared/diagnostics.js";
import { generatorIdentity } from "../../shared/paths.js";
import { runHealth, type HealthOptions, type HealthRun } from "./run-health.js";
import { selectLinks, type Selection } from "./select-links.js";

export type CheckHealthOptions = Omit<HealthOptions, "links" | "policy" | "userAgent"> & {
  root: string;
  only?: string[];
  /** When schedules are judged. Default: now. */
  at?: Date;
};

export type CheckHealthResult =
  | { ok: false; diagnostics: Diagnostic[] }
  | { ok: false; unknown: string[] }
  | ({ ok: true; idle: Selection["idle"] } & HealthRun);

/** The User-Agent every probe sends: the tool, its version, and what it is doing. */
export function healthUserAgent(): string {
  return `${generatorIdentity()} (link health check)`;
}

export async function checkHealth(options: CheckHealthOptions): Promise<CheckHealthResult> {
  const compiled = await compileInstance({ root: options.root, skipBundle: true, emit: false });
  const errors = errorsIn(compiled.diagnostics);
  if (errors.length) return { ok: false, diagnostics: errors };
  const selection = selectLinks(compiled.links, options.at ?? new Date(), options.only);
  if (selection.unknown.length) return { ok: false, unknown: selection.unknown };
  const run = await runHealth({
    ...options,
    links: selection.links,
    policy: compiled.blocklist,
    userAgent: healthUserAgent(),
  });
  return { ok: true, idle: selection.idle, ...run };
}
