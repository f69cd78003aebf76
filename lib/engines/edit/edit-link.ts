/**
 * The engine of the editor's verbs (set, retire, mv, rm): find the link's row, let the verb plan
 * its change, write the change as text (edit-row.ts), validate the whole instance with the new
 * text, then replace the file atomically. Writers take turns under add's lock (every verb can
 * change what the others validate against): a first pass without the lock refuses a bad edit at
 * once; the pass that counts runs again under the lock on the files as they are then. An edit is
 * refused when it adds an error to the instance; problems the instance already had are shown,
 * not blamed on it. `dryRun` runs the first pass only and writes nothing.
 */
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { compileInstance } from "../../stages/compile.js";
import { hasErrors, isError, type Diagnostic } from "../../shared/diagnostics.js";
import { removeStaleTemps, writeFileAtomic } from "../../shared/fs/atomic.js";
import { LockBusyError, withLock } from "../../shared/fs/lock.js";
import { writeProblem } from "../../shared/fs/write-target.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { ADD_LOCK, sourcesBusy } from "../add/add-link.js";
import { editRows } from "./edit-row.js";
import { locateLink, type LocatedLink } from "./locate-link.js";
import type { RowChange } from "./row-change.js";
import { instanceSite } from "./instance-site.js";
import type { InstanceHosts } from "./link-hosts.js";
import { lineInFileAsItIs } from "./line-map.js";

export type Plan =
  { change: RowChange } | { unchanged: string } | { problem: Diagnostic; usage?: boolean };

export interface EditLinkInput {
  root: string;
  slug: string;
  /** The verb's change to the row as it is now (called once per pass). */
  plan(
    link: LocatedLink,
    site: { caseSensitive: boolean; hosts: InstanceHosts },
  ): Promise<Plan> | Plan;
  /** `--domain`: the host whose link is meant (docs/domains.md). */
  domain?: string;
  dryRun?: boolean;
  /** The command, as its refusals name it (`set`, `retire`, `mv`, `rm`). */
  verb?: string;
  /** How long to wait for another writer; default 30 s. */
  lockTimeoutMs?: number;
}

export interface EditDone {
  ok: true;
  file: string;
  /** Where the row was, and the file's rows as written. */
  link: LocatedLink;
  rows: RawRow[];
  /** The instance's default host, for naming a link on another host `HOST/slug`. */
  defaultHost: string;
  before: string;
  after: string;
  written: boolean;
  /** Set when there was nothing to change (nothing written). */
  unchanged?: string;
  /** What the edit brings besides errors, which refuse it (none so far: check shows warnings). */
  diagnostics: Diagnostic[];
  /** Errors the instance had before the edit. */
  other: Diagnostic[];
}

export type EditLinkResult =
  EditDone | { ok: false; diagnostics: Diagnostic[]; other: Diagnostic[]; usage?: boolean };

const refused = (problem: Diagnostic, usage = false): EditLinkResult => ({
  ok: false,
  diagnostics: [problem],
  other: [],
  usage,
});

export async function editLink(input: EditLinkInput): Promise<EditLinkResult> {
  const first = await prepare(input);
  if (!first.ok || input.dryRun || first.unchanged !== undefined) return first;
  try {
    return await withLock(
      join(input.root, ADD_LOCK),
      async (held) => {
        const ready = await prepare(input);
        if (!ready.ok || ready.unchanged !== undefined) return ready;
        await held.verify();
        const target = await realpath(join(input.root, ready.file));
        await removeStaleTemps(target);
        await writeFileAtomic(target, ready.after);
        return { ...ready, written: true };
      },
      { timeoutMs: input.lockTimeoutMs ?? 30_000 },
    );
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    return refused(sourcesBusy(error, "changed"));
  }
}

async function prepare(input: EditLinkInput): Promise<EditLinkResult> {
  const site = await instanceSite(input.root);
  if ("problems" in site) return { ok: false, diagnostics: site.problems, other: [] };
  const located = await locateLink(input.root, input.slug, { ...site, domain: input.domain });
  if ("problem" in located) return refused(located.problem, located.usage);
  const link = located.found;
  // A link source that is a symbolic link is written through: it must lead to a link source.
  const refusedTarget = await writeProblem(input.root, join(input.root, link.file), {
    kind: "link source",
    command: input.verb ?? "the edit",
  });
  if (refusedTarget) return refused({ ...refusedTarget, file: link.file }, true);
  const plan = await input.plan(link, site);
  if ("problem" in plan) return refused(plan.problem, plan.usage);
  const base = {
    ok: true as const,
    file: link.file,
    link,
    defaultHost: site.hosts.defaultHost,
    before: link.text,
    written: false,
  };
  if ("unchanged" in plan)
    return {
      ...base,
      rows: [],
      after: link.text,
      unchanged: plan.unchanged,
      diagnostics: [],
      other: [],
    };
  const edited = editRows(link.file, link.text, plan.change);
  if ("problem" in edited) return refused(edited.problem);
  const judged = await judge(input.root, link.file, edited.text);
  if (hasErrors(judged.added)) {
    const asItIs = lineInFileAsItIs(link.text, edited.text, link.row.line);
    const diagnostics = judged.added.map((d) =>
      d.file === link.file && d.line > 0 ? { ...d, line: asItIs(d.line) } : d,
    );
    return { ok: false, diagnostics, other: judged.other };
  }
  return {
    ...base,
    rows: edited.rows,
    after: edited.text,
    diagnostics: judged.added,
    other: judged.other,
  };
}

/**
 * The instance validated with `text` as `file`: what the edit adds (compared with the instance as
 * it is, only when the edited one has errors) and the errors it already had.
 */
async function judge(
  root: string,
  file: string,
  text: string,
): Promise<{ added: Diagnostic[]; other: Diagnostic[] }> {
  const options = { root, skipBundle: true, emit: false } as const;
  const after = await compileInstance({ ...options, sourceTexts: new Map([[file, text]]) });
  const interesting = after.diagnostics.filter((d) => d.severity !== "info");
  if (!hasErrors(interesting)) return { added: [], other: [] };
  const before = await compileInstance(options);
  const known = new Set(before.diagnostics.map(identity));
  const added = interesting.filter((d) => !known.has(identity(d)));
  return { added, other: before.diagnostics.filter(isError) };
}

/** A diagnostic apart from line numbers, which an edit shifts (its own and those in messages). */
const identity = (d: Diagnostic) => `${d.code}\n${d.file}\n${d.message.replace(/:\d+/g, ":")}`;
