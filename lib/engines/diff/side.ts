/**
 * One side of a diff: an instance's compiled tables, and what the engine decides over them (the
 * decision explain and the worker make), with the links held in memory instead of shards.
 */
import type { CompiledTables } from "../../stages/compile.js";
import { decide } from "../../../runtime/engine/answer.js";
import { tablesInstance } from "../../shared/memory-instance.js";
import type { Instance } from "../../../runtime/engine/instance.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { statusOf, type Resolution } from "../../../runtime/resolve.js";

/** An explain --json outcome: what a GET of the path answers. */
export interface PathOutcome {
  status: number;
  location?: string;
  page?: string;
}

export interface Side {
  tables: CompiledTables;
  /** The instance resolve() decides over. */
  instance: Instance;
  caseSensitive: boolean;
  /**
   * What a GET of `path` gets at `now`, decided by the runtime's resolve(): a link with routes
   * answers with its own target, the published answer (docs/routes.md, "diff").
   */
  resolve(path: string, now: Date): Promise<Resolution>;
}

/**
 * `host`: the side as that host answers (docs/domains.md); the default host without it.
 * `beside`: the other side and the records both hold, which this side does not index again (and
 * this side's others, `own`, when known).
 */
export function sideOf(
  tables: CompiledTables,
  host?: string,
  beside?: { side: Side; shared: ReadonlySet<LinkRecord>; own?: readonly LinkRecord[] },
): Side {
  const instance = tablesInstance(tables, {
    ...(host === undefined ? {} : { host }),
    ...(beside
      ? { beside: { instance: beside.side.instance, shared: beside.shared, own: beside.own } }
      : {}),
  });
  return {
    tables,
    instance,
    caseSensitive: tables.siteConfig.case_sensitive,
    resolve: (path, now) =>
      decide(instance, { method: "GET", url: path, now, defaultTarget: true }),
  };
}

export function outcomeOf(resolution: Resolution): PathOutcome {
  const { outcome } = resolution;
  return {
    status: statusOf(outcome),
    ...(outcome.type === "redirect" ? { location: outcome.location } : {}),
    ...(outcome.type === "page" ? { page: outcome.page } : {}),
  };
}
