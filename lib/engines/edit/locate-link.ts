/**
 * Where a link lives: the one row, in every link source, whose slug names the same link as the
 * slug an editor typed (normalised as the instance matches paths, so `Docs` finds `docs` unless
 * `case_sensitive`), on the host `--domain` names. Without it, a slug whose rows are on several
 * hosts is SL528: which host's link is meant would be a guess (docs/domains.md). Rows are read
 * with the build's own readers, whatever else is wrong with them.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { listSourceFiles } from "../../stages/1-sources/links/load-sources.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { readSourceRows, readSourceText } from "../../stages/1-sources/links/source-file.js";
import { parseSlug } from "../../stages/2-validate/slugs.js";
import { chosenHost, rowHosts, severalHosts, type InstanceHosts } from "./link-hosts.js";

export interface LocatedLink {
  file: string;
  /** The file's text as read. */
  text: string;
  /** The row's place among the file's rows. */
  index: number;
  row: RawRow;
  value: Record<string, unknown>;
  /** The hosts the row answers on (ASCII), the default host when it names none. */
  hosts: string[];
}

export type Located = { found: LocatedLink } | { problem: Diagnostic; usage?: boolean };

export interface LocateOptions {
  caseSensitive: boolean;
  hosts: InstanceHosts;
  /** `--domain`: the host whose link is meant. */
  domain?: string;
}

const shown = (slug: string) => JSON.stringify(slug.length > 60 ? slug.slice(0, 57) + "..." : slug);

export async function locateLink(
  root: string,
  slug: string,
  options: LocateOptions,
): Promise<Located> {
  const { caseSensitive, hosts } = options;
  const host = options.domain === undefined ? undefined : chosenHost(hosts, options.domain);
  if (host !== undefined && typeof host !== "string") return { problem: host, usage: true };
  const wanted = parseSlug(slug, caseSensitive);
  if (!wanted.ok)
    return {
      problem: diag(
        "SL133",
        { file: slug, line: 0 },
        `${shown(slug)} is not a slug: ${wanted.reason}`,
      ),
    };
  const found: LocatedLink[] = [];
  for (const file of await listSourceFiles(root)) {
    const source = await readSourceText(root, file);
    if ("problem" in source) continue;
    const { rows } = readSourceRows(source.text, file);
    rows.forEach((row, index) => {
      const value = row.value as Record<string, unknown> | null;
      if (value === null || typeof value !== "object" || typeof value.slug !== "string") return;
      const parsed = parseSlug(value.slug, caseSensitive);
      if (parsed.ok && parsed.kind === wanted.kind && parsed.key === wanted.key)
        found.push({ file, text: source.text, index, row, value, hosts: rowHosts(value, hosts) });
    });
  }
  const onHost = host === undefined ? found : found.filter((f) => f.hosts.includes(host));
  if (onHost.length === 1) return { found: onHost[0] };
  if (onHost.length === 0) return { problem: noLink(slug, host, found) };
  const onHosts = [...new Set(onHost.flatMap((f) => f.hosts))];
  if (host === undefined && onHosts.length > 1)
    return {
      problem: severalHosts(shown(slug), onHosts, { file: found[0].file, line: found[0].row.line }),
      usage: true,
    };
  return { problem: writtenTwice(slug, onHost) };
}

/** SL133: no row has the slug (on the host asked for; the message says where it is instead). */
function noLink(slug: string, host: string | undefined, elsewhere: LocatedLink[]): Diagnostic {
  const on = host === undefined ? "" : ` on ${host}`;
  const there = [...new Set(elsewhere.flatMap((f) => f.hosts))];
  return diag(
    "SL133",
    { file: "custom/links", line: 0 },
    `no link ${shown(slug)}${on} in the link sources${there.length > 0 ? ` (it is on ${there.join(", ")})` : ""}`,
    there.length > 0
      ? `pass --domain ${there[0]}`
      : "`shortlinks list` shows the links; a splat link is named with its /*",
  );
}

function writtenTwice(slug: string, found: LocatedLink[]): Diagnostic {
  const places = found.map((f) => `${f.file}:${f.row.line}`).join(", ");
  return diag(
    "SL133",
    { file: found[1].file, line: found[1].row.line },
    `link ${shown(slug)} is written ${found.length} times (${places}); which one to edit would be a guess`,
    "remove the duplicates first (check reports them as SL305)",
  );
}
