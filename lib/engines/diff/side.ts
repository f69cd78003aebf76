/**
 * One side of a diff: an instance's compiled tables, and the runtime's own `resolve()` over them
 * (the decision explain and the worker make), with the links held in memory instead of shards.
 */
import type { CompiledTables } from "../../stages/compile.js";
import { normalizePath } from "../../../runtime/normalize.js";
import { resolve, statusOf, type LinkSource, type Resolution } from "../../../runtime/resolve.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { resolveContext } from "../../../runtime/worker.js";

/** An explain --json outcome: what a GET of the path answers. */
export interface PathOutcome {
  status: number;
  location?: string;
  page?: string;
}

/**
 * An active link as it answers inside its schedule window, whenever that is; a link of another
 * state as it is (only an edit makes it redirect).
 */
function liveView(link: LinkRecord | undefined): LinkRecord | undefined {
  if (!link || link.state !== "active" || !link.schedule) return link;
  const { schedule: _schedule, ...live } = link;
  return live;
}

class MemoryLinks implements LinkSource {
  readonly splatDepths: readonly number[];
  private readonly exacts = new Map<string, LinkRecord>();
  private readonly splats = new Map<string, LinkRecord>();

  constructor(
    links: readonly LinkRecord[],
    private readonly view: (link: LinkRecord | undefined) => LinkRecord | undefined,
  ) {
    const depths = new Set<number>();
    for (const link of links) {
      if (link.kind === "exact") this.exacts.set(link.key, link);
      else {
        this.splats.set(link.key, link);
        depths.add(link.key === "" ? 0 : link.key.split("/").length);
      }
    }
    this.splatDepths = [...depths].sort((a, b) => a - b);
  }

  exact(key: string): LinkRecord | undefined {
    return this.view(this.exacts.get(key));
  }

  splat(key: string): LinkRecord | undefined {
    return this.view(this.splats.get(key));
  }
}

export interface Side {
  tables: CompiledTables;
  caseSensitive: boolean;
  /** What a GET of `path` gets at `now`, decided by the runtime's resolve(). */
  resolve(path: string, now: Date): Promise<Resolution>;
}

/**
 * The side of `tables`. With `allLive`, every active link answers as inside its schedule window:
 * what the links can do without an edit, not only what they do now.
 */
export function sideOf(tables: CompiledTables, { allLive = false } = {}): Side {
  const context = resolveContext({
    links: new MemoryLinks(tables.links, allLive ? liveView : (link) => link),
    blocklist: tables.blocklist,
    site: tables.siteConfig,
    staticPaths: new Set(tables.siteConfig.static_paths),
  });
  return {
    tables,
    caseSensitive: tables.siteConfig.case_sensitive,
    resolve: (path, now) => resolve({ method: "GET", url: path, now }, context),
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

/** The slug without its splat marker: `gh/*` -> `gh`, `*` -> ``. */
export function slugBody(link: Pick<LinkRecord, "kind" | "slug">): string {
  if (link.kind === "exact") return link.slug;
  return link.slug === "*" ? "" : link.slug.slice(0, -2);
}

const caseKept = new WeakMap<object, string>();

/** The slug normalised as the runtime normalises paths, case kept (NFC, no `/*`); kept per link. */
export function caseKeptKey(link: Pick<LinkRecord, "kind" | "slug">): string {
  let key = caseKept.get(link);
  if (key === undefined) {
    const normal = normalizePath("/" + slugBody(link), true);
    key = normal.ok ? normal.key : slugBody(link);
    caseKept.set(link, key);
  }
  return key;
}
