/**
 * The random slugs of one `add`: the shape site.yaml asks for (random-slug.ts), drawn against
 * every slug the instance already has (retired ones included: they are rows too), the slugs
 * custom/acknowledgements.yaml records as removed (a visitor may still hold them) and whatever a
 * validation found taken (reserved paths, static files).
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { loadAcknowledgements } from "../../stages/1-sources/custom/acknowledgements.js";
import { parseSlug } from "../../stages/2-validate/slugs.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { instanceSite } from "../edit/instance-site.js";
import { drawSlug, slugShape } from "./random-slug.js";

export interface SlugDrawer {
  draw(): string | undefined;
  /** `slug` was refused as taken; `links` are the instance's links as that validation saw them. */
  taken(slug: string, links: readonly LinkRecord[]): void;
  /** SL131: no free slug of the shape. */
  full(): Diagnostic;
}

export async function slugDrawer(
  root: string,
  row: Record<string, unknown>,
  length: number | undefined,
): Promise<SlugDrawer | { problem: Diagnostic; usage?: boolean }> {
  const site = await instanceSite(root);
  if ("problems" in site) return { problem: site.problems[0] };
  const tags = Array.isArray(row.tags) ? row.tags.map(String) : [];
  const shape = slugShape(site.site, tags, length);
  const fold = (slug: string) => {
    const parsed = parseSlug(slug, site.caseSensitive);
    return parsed.ok ? parsed.key : slug;
  };
  const keys = new Set<string>();
  for (const ack of (await loadAcknowledgements(root)).acknowledgements)
    if (ack.rules.includes("SL801")) keys.add(fold(ack.slug));
  return {
    draw: () => drawSlug(shape, keys, fold),
    taken(slug, links) {
      keys.add(fold(slug));
      for (const link of links) if (link.kind === "exact") keys.add(link.key);
    },
    full: () =>
      diag(
        "SL131",
        { file: "custom/site.yaml", line: 0 },
        `no free random slug of ${shape.length} character${shape.length === 1 ? "" : "s"} found (${shape.alphabet.length} characters to draw from, ${keys.size} slugs known to be taken); nothing was added`,
        `pass --slug-length ${shape.length + 1}, or raise random_slug_length (or the tag's length) in custom/site.yaml`,
      ),
  };
}
