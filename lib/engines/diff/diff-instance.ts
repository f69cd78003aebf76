/**
 * `shortlinks diff`: what the work tree (or a head commit) changes against a git ref. Both sides
 * are compiled by the same product code; the comparison reads only the compiled tables and the
 * runtime's resolve(). Throws DiffUsageError (exit 2) for a missing ref or a root outside git.
 */
import { compileInstance, type CompileResult, type CompiledTables } from "../../stages/compile.js";
import { diag, errorsIn, sortDiagnostics, type Diagnostic } from "../../shared/diagnostics.js";
import { compareLinks } from "./compare-links.js";
import {
  DiffUsageError,
  locateRepository,
  materialise,
  resolveCommit,
  type Materialised,
  type Repository,
} from "./git-base.js";
import { hostChanges } from "./hosts.js";
import { protectPublishedLinks } from "./protect.js";
import { routeChanges } from "./route-changes.js";
import { compareRouting } from "./routing.js";
import { scheduleEvents } from "./schedules.js";
import type { DiffReport } from "./report.js";
import { sideOf } from "./side.js";
import { appendAll } from "../../shared/lists.js";
import { linksOfHost } from "../../shared/memory-instance.js";
import type { CacheStore } from "../../shared/cache/store.js";
import { handRowsToNextSide } from "../../shared/cache/rows.js";
import { handRowTextsToNextSide } from "../../shared/cache/same-rows.js";
import { handConflictsToNextSide } from "../../stages/2-validate/conflicts-beside.js";
import { sideOrder, type SideOrder } from "./side-order.js";

export const DEFAULT_DAYS = 7;

export interface DiffInput {
  root: string;
  /** The git ref to compare with. */
  base: string;
  /** A git ref for the head side; the work tree when absent. */
  head?: string;
  /** Schedules and outcomes are evaluated at this time (default now). */
  at?: Date;
  /** Schedule events within this many days from `at` (default 7). */
  days?: number;
  /** Compiles the work tree (check passes its own full compile); default compileInstance. */
  compileHead?: () => Promise<CompileResult>;
  /** Link sources' validated rows kept by their bytes (docs/cache.md); none when absent. */
  cache?: CacheStore;
  /**
   * Which side compiles first when the head is the work tree built in full (`compileHead`) and a
   * cache is kept; chosen from how many link sources differ when absent (side-order.ts). The
   * head goes first otherwise. Either order gives the same report.
   */
  order?: SideOrder;
}

/**
 * The instance as `commit` has it, compiled; null when the commit has no instance there; its
 * problems (SL807) when it cannot be read as a checkout has it.
 */
async function compileCommit(
  repo: Repository,
  commit: string,
  ref: string,
  cache: CacheStore | undefined,
  copied?: Promise<Materialised>,
): Promise<CompileResult | null | { unreadable: Diagnostic[] }> {
  const copy = await (copied ?? materialise(repo, commit, ref));
  try {
    if (copy.problems.length > 0) return { unreadable: copy.problems };
    if (!copy.hasInstance) return null;
    return await compileInstance({ root: copy.root, tablesOnly: true, cache, compared: true });
  } finally {
    await copy.cleanup();
  }
}

export async function diffInstance(input: DiffInput): Promise<DiffReport> {
  const at = input.at ?? new Date();
  const days = input.days ?? DEFAULT_DAYS;
  const repo = await locateRepository(input.root);
  const baseCommit = await resolveCommit(repo, input.base);
  const headCommit = input.head === undefined ? undefined : await resolveCommit(repo, input.head);
  const report: DiffReport = {
    base: input.base,
    base_commit: baseCommit,
    head: headCommit ?? "worktree",
    at: at.toISOString(),
    days,
    links: { added: [], removed: [], changed: [] },
    routing: [],
    host_changes: [],
    route_changes: [],
    schedule_events: [],
    problems: [],
  };
  const headSide = async () => {
    const side = headCommit
      ? await compileCommit(repo, headCommit, input.head as string, input.cache)
      : await (
          input.compileHead ??
          (() =>
            compileInstance({
              root: input.root,
              tablesOnly: true,
              cache: input.cache,
              compared: true,
            }))
        )();
    if (side === null)
      throw new DiffUsageError(`${input.head} has no instance at ${repo.prefix || "./"}custom/`);
    return side;
  };
  const baseFirst =
    input.cache !== undefined &&
    input.compileHead !== undefined &&
    headCommit === undefined &&
    (input.order ?? (await sideOrder(repo, input.root, baseCommit))) === "base-first";
  // A base compiled second is copied out of git while the head compiles: git works beside it.
  const baseCopy = baseFirst ? undefined : materialise(repo, baseCommit, input.base);
  baseCopy?.catch(() => {}); // a failure is met where the copy is used
  const baseSide = () => compileCommit(repo, baseCommit, input.base, input.cache, baseCopy);
  // The first side hands its checked rows to the second (docs/cache.md), unless it is a head
  // built in full: its rows would live through its whole build.
  const hand =
    input.cache && (baseFirst || input.compileHead === undefined)
      ? handRowsToNextSide(input.cache)
      : undefined;
  // The first side's conflict index gives the second its conflicts from what differs; its row
  // texts give the second side its answers for rows a changed file still writes the same.
  const conflicts = input.cache && handConflictsToNextSide(input.cache);
  const texts = input.cache && handRowTextsToNextSide(input.cache);
  const handOvers = [hand, conflicts, texts];
  let head: CompileResult | { unreadable: Diagnostic[] };
  let base: Awaited<ReturnType<typeof compileCommit>>;
  try {
    if (baseFirst) {
      base = await baseSide();
      handOvers.forEach((h) => h?.lastSide());
      head = await headSide();
    } else {
      head = await headSide();
      handOvers.forEach((h) => h?.lastSide());
      base = await baseSide();
    }
  } finally {
    handOvers.forEach((h) => h?.stop());
    // Removed by the base's compile once used; here too when the head failed before it.
    await baseCopy?.then(
      (copy) => copy.cleanup(),
      () => {},
    );
  }
  const problems: Diagnostic[] = [];
  // A side that cannot be read as a checkout has it: say so, compare nothing.
  for (const side of [head, base])
    if (side && "unreadable" in side) appendAll(problems, side.unreadable);
  if ("unreadable" in head || (base && "unreadable" in base)) {
    if (!("unreadable" in head) && !head.tables) appendAll(problems, errorsIn(head.diagnostics));
    report.problems = sortDiagnostics(problems);
    return report;
  }
  if (!head.tables) appendAll(problems, errorsIn(head.diagnostics));
  if (base && !base.tables) problems.push(baseDoesNotBuild(input.base, baseCommit, base));
  if (head.tables && (base === null || base.tables)) {
    // No instance at BASE: everything is new, judged with the head's own site settings.
    const baseTables = base?.tables ?? emptyLike(head.tables);
    Object.assign(report, await compareTables(baseTables, head.tables, at, days));
    appendAll(problems, report.problems);
  }
  report.problems = sortDiagnostics(problems);
  return report;
}

function emptyLike(tables: CompiledTables): CompiledTables {
  return { ...tables, links: [], acknowledgements: [] };
}

function baseDoesNotBuild(ref: string, commit: string, base: CompileResult): Diagnostic {
  const errors = errorsIn(base.diagnostics);
  const first = errors[0];
  const where = first.line > 0 ? `${first.file}:${first.line}` : first.file;
  return diag(
    "SL804",
    { file: first.file, line: 0 },
    `the instance at ${ref} (${commit.slice(0, 12)}) does not build (${errors.length} error${errors.length === 1 ? "" : "s"}; first: ${where}: ${first.code} ${first.message}); links and routing are not compared and the published-link rules are not checked`,
    "fix the base branch first, or compare with another ref",
  );
}

type Compared = Pick<
  DiffReport,
  "links" | "routing" | "host_changes" | "route_changes" | "schedule_events" | "problems"
>;

/**
 * An instance that lists its hosts (docs/domains.md) is compared host by host, each with its own
 * links: a path on a host other than the default one is reported as `HOST/path`, and a problem
 * there names its host. Acknowledgements apply to the default host.
 */
async function compareTables(
  baseTables: CompiledTables,
  headTables: CompiledTables,
  at: Date,
  days: number,
): Promise<Compared> {
  const hosts = registryHosts(headTables, baseTables);
  if (hosts === null) return compareHost(baseTables, headTables, at, days);
  const parts: Compared[] = [];
  for (const [i, host] of hosts.entries()) {
    const only = (tables: CompiledTables): CompiledTables => ({
      ...tables,
      links: !tables.siteConfig.domains
        ? host === hostOf(tables)
          ? tables.links
          : []
        : tables.siteConfig.domains.some((d) => d.host === host)
          ? [...linksOfHost(tables, host)]
          : [],
      ...(i === 0 ? {} : { acknowledgements: [] }),
    });
    const part = await compareHost(only(baseTables), only(headTables), at, days, host);
    if (i > 0) {
      for (const change of part.routing) change.path = host + change.path;
      part.problems = part.problems.map((p) => ({ ...p, message: `on ${host}: ${p.message}` }));
    }
    parts.push(part);
  }
  const all = <K extends keyof Compared>(key: K) => parts.flatMap((p) => p[key] as unknown[]);
  return {
    links: {
      added: parts.flatMap((p) => p.links.added),
      removed: parts.flatMap((p) => p.links.removed),
      changed: parts.flatMap((p) => p.links.changed),
    },
    routing: all("routing") as Compared["routing"],
    host_changes: all("host_changes") as Compared["host_changes"],
    route_changes: all("route_changes") as Compared["route_changes"],
    schedule_events: all("schedule_events") as Compared["schedule_events"],
    problems: sortDiagnostics(all("problems") as Diagnostic[]),
  };
}

/** The hosts with links of their own on either side, head's default first; null when neither lists any. */
function registryHosts(head: CompiledTables, base: CompiledTables): string[] | null {
  const listed = [head, base].flatMap((t) => t.siteConfig.domains ?? []);
  if (listed.length === 0) return null;
  const defaults = [head, base].map((t) => t.siteConfig.domains?.[0].host ?? hostOf(t));
  const own = listed.filter((d) => d.alias_of === undefined).map((d) => d.host);
  return [...new Set([...defaults, ...own])];
}

function hostOf(tables: CompiledTables): string {
  return new URL(tables.siteConfig.base_url).hostname;
}

async function compareHost(
  baseTables: CompiledTables,
  headTables: CompiledTables,
  at: Date,
  days: number,
  host?: string,
): Promise<Compared> {
  // Equal policies become one object, so the runtime's verdict memo serves both sides' targets.
  const samePolicy = JSON.stringify(baseTables.blocklist) === JSON.stringify(headTables.blocklist);
  const comparison = compareLinks(baseTables.links, headTables.links, {
    sameCaseRule: baseTables.siteConfig.case_sensitive === headTables.siteConfig.case_sensitive,
  });
  const head = sideOf(headTables, host);
  // The base side indexes only its own records; those both sides hold are found in the head's.
  const base = sideOf(
    samePolicy ? { ...baseTables, blocklist: headTables.blocklist } : baseTables,
    host,
    { side: head, shared: comparison.headOf.shared, own: comparison.onlyBase },
  );
  const routing = await compareRouting({ base, head, comparison, now: at });
  const problems = await protectPublishedLinks({ base, head, comparison, routing, now: at });
  return {
    links: { added: comparison.added, removed: comparison.removed, changed: comparison.changed },
    routing: routing.changes,
    // A record both sides hold changes no host and no route: only distinct pairs are looked at.
    host_changes: hostChanges(comparison.headOf.distinct),
    route_changes: routeChanges(comparison.headOf.distinct, comparison.added),
    schedule_events: scheduleEvents({
      base: baseTables.links,
      head: headTables.links,
      headOf: comparison.headOf,
      from: at,
      days,
    }),
    problems,
  };
}

export { DiffUsageError };
