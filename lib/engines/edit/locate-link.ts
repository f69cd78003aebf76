/**
 * Where a link lives: the one row, in every link source, whose slug names the same link as the
 * slug an editor typed (normalised as the instance matches paths, so `Docs` finds `docs` unless
 * `case_sensitive`). Rows are read with the build's own readers, whatever else is wrong with them.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { listSourceFiles } from "../../stages/1-sources/links/load-sources.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { readSourceRows, readSourceText } from "../../stages/1-sources/links/source-file.js";
import { parseSlug } from "../../stages/2-validate/slugs.js";

export interface LocatedLink {
  file: string;
  /** The file's text as read. */
  text: string;
  /** The row's place among the file's rows. */
  index: number;
  row: RawRow;
  value: Record<string, unknown>;
}

export type Located = { found: LocatedLink } | { problem: Diagnostic };

const shown = (slug: string) => JSON.stringify(slug.length > 60 ? slug.slice(0, 57) + "..." : slug);

export async function locateLink(
  root: string,
  slug: string,
  caseSensitive: boolean,
): Promise<Located> {
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
        found.push({ file, text: source.text, index, row, value });
    });
  }
  if (found.length === 1) return { found: found[0] };
  if (found.length === 0)
    return {
      problem: diag(
        "SL133",
        { file: "custom/links", line: 0 },
        `no link ${shown(slug)} in the link sources`,
        "`shortlinks list` shows the links; a splat link is named with its /*",
      ),
    };
  const places = found.map((f) => `${f.file}:${f.row.line}`).join(", ");
  return {
    problem: diag(
      "SL133",
      { file: found[1].file, line: found[1].row.line },
      `link ${shown(slug)} is written ${found.length} times (${places}); which one to edit would be a guess`,
      "remove the duplicates first (check reports them as SL305)",
    ),
  };
}
