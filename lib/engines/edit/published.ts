/**
 * Whether a link counts as published: active in the last commit (HEAD), as `check --against`
 * judges a change (SL801: a link active at BASE that is gone). A link added since HEAD and never
 * committed is not; without git history (no repository, no commit yet) nothing tells, so the
 * work tree's state decides and an active link counts as published (also when the instance is
 * not committed at all).
 */
import { loadSources } from "../../stages/1-sources/links/load-sources.js";
import { parseSlug } from "../../stages/2-validate/slugs.js";
import { rowHosts, type InstanceHosts } from "./link-hosts.js";
import { DiffUsageError, locateRepository, materialise, resolveCommit } from "../diff/git-base.js";

export type PublishedAt =
  /** The slug's state in HEAD's link sources (undefined: no such link there). */
  { head: true; state: string | undefined } | { head: false; why: string };

/** The link as the editor located it: its slug, and the hosts its row is on (docs/domains.md). */
export interface HeadQuery {
  slug: string;
  caseSensitive: boolean;
  /** With several hosts, only a row at HEAD on one of `onHosts` is the same link. */
  hosts?: { instance: InstanceHosts; onHosts: readonly string[] };
}

export async function stateAtHead(root: string, query: HeadQuery): Promise<PublishedAt> {
  const { slug, caseSensitive, hosts } = query;
  const wanted = parseSlug(slug, caseSensitive);
  if (!wanted.ok) return { head: false, why: "the slug cannot be looked up" };
  let commit: string;
  let repo;
  try {
    repo = await locateRepository(root);
  } catch (error) {
    if (error instanceof DiffUsageError) return { head: false, why: "there is no git repository" };
    throw error;
  }
  try {
    commit = await resolveCommit(repo, "HEAD");
  } catch (error) {
    if (error instanceof DiffUsageError) return { head: true, state: undefined }; // no commit yet
    throw error;
  }
  const base = await materialise(repo, commit);
  try {
    if (!base.hasInstance) return { head: false, why: "the last commit holds no instance" };
    const { links } = await loadSources(base.root);
    const link = links.find((l) => {
      const parsed = parseSlug(l.slug, caseSensitive);
      if (!parsed.ok || parsed.kind !== wanted.kind || parsed.key !== wanted.key) return false;
      if (hosts === undefined) return true;
      return rowHosts(l, hosts.instance).some((h) => hosts.onHosts.includes(h));
    });
    return { head: true, state: link ? (link.state ?? "active") : undefined };
  } finally {
    await base.cleanup();
  }
}
