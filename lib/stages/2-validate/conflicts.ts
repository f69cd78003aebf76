/** Conflicts between links, and with reserved and static paths, that a reviewer would miss. */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { foldCase } from "../../../runtime/case-fold.js";
import { linkId } from "../../shared/link-identity.js";
import { appendAll } from "../../shared/lists.js";

const where = (link: LinkRecord) => `${link.file}:${link.line}`;

/**
 * Duplicates (SL305) are removed from the returned list; warnings keep every link. With strict
 * trailing slashes a splat `x/*` does not answer `/x`, so it covers no exact link there.
 */
export function findConflicts(
  links: LinkRecord[],
  caseSensitive: boolean,
  strictTrailingSlash = false,
): { links: LinkRecord[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tables = { exact: new Map<string, LinkRecord>(), splat: new Map<string, LinkRecord>() };
  const placeholder = new Map<string, LinkRecord>();
  const splat = tables.splat;
  const kept: LinkRecord[] = [];
  // Per host: the same slug on two hosts is two links (docs/domains.md).
  const keyOf = (link: LinkRecord, key = link.key) =>
    link.domain === undefined ? key : `${link.domain}\n${key}`;
  for (const link of links) {
    const table = link.kind === "placeholder" ? placeholder : tables[link.kind];
    const key = keyOf(link);
    const first = table.get(key);
    if (first) {
      diagnostics.push(
        diag(
          "SL305",
          link,
          `link "${link.slug}" duplicates "${first.slug}" at ${where(first)} (same path after normalisation${link.domain ? ` on ${link.domain}` : ""})`,
          "remove one of them or change the slug",
        ),
      );
      continue;
    }
    table.set(key, link);
    kept.push(link);
  }
  if (caseSensitive) appendAll(diagnostics, caseTwins(kept));
  if (splat.size === 0) return { links: kept, diagnostics };
  // Every segment-boundary prefix of every splat key (per host): a link's walk up its own key,
  // shortest prefix first, stops at the first one no splat key starts with.
  const paths = new Set<string>();
  for (const cover of splat.values()) {
    for (let slash = 0; slash >= 0; slash = cover.key.indexOf("/", slash + 1))
      paths.add(keyOf(cover, cover.key.slice(0, slash)));
    paths.add(keyOf(cover));
  }
  for (const link of kept) {
    if (link.kind === "placeholder") continue;
    const itself = link.kind === "exact" && !(strictTrailingSlash && !link.key.endsWith("/"));
    const cover = longestCover(link, itself, splat, paths, keyOf);
    if (!cover) continue;
    if (link.kind === "exact") {
      diagnostics.push({
        ...diag(
          "SL307",
          link,
          `exact link "${link.slug}" lies under splat link "${cover.slug}" at ${where(cover)}; the exact link wins`,
        ),
        group: { file: cover.file, line: cover.line, subject: `splat link "${cover.slug}"` },
      });
    } else {
      diagnostics.push(
        diag(
          "SL308",
          link,
          `splat link "${link.slug}" is nested in splat link "${cover.slug}" at ${where(cover)}; the longer prefix wins`,
        ),
      );
    }
  }
  return { links: kept, diagnostics };
}

/**
 * The splat under the longest of the link's leading segments (the root "" first, the whole key
 * last and only when `itself`), other than the link: a splat covers from the root or from any of
 * its own segment boundaries. The walk goes up from the root and stops at a prefix that `paths`
 * (every boundary prefix of every splat key) lacks, since no longer prefix can then be a splat.
 */
function longestCover(
  link: LinkRecord,
  itself: boolean,
  splat: ReadonlyMap<string, LinkRecord>,
  paths: ReadonlySet<string>,
  keyOf: (link: LinkRecord, key?: string) => string,
): LinkRecord | undefined {
  const key = link.key;
  let found: LinkRecord | undefined;
  let slash = -1;
  for (let end = 0; ;) {
    const whole = end === key.length;
    if (whole && !itself) return found;
    const at = keyOf(link, whole ? key : key.slice(0, end));
    if (!paths.has(at)) return found;
    const cover = splat.get(at);
    if (cover !== undefined && cover !== link) found = cover;
    if (whole) return found;
    slash = key.indexOf("/", slash + 1);
    end = slash < 0 ? key.length : slash;
  }
}

function caseTwins(links: LinkRecord[]): Diagnostic[] {
  const seen = new Map<string, LinkRecord>();
  const out: Diagnostic[] = [];
  for (const link of links) {
    const folded = linkId({ kind: link.kind, key: foldCase(link.key), domain: link.domain });
    const first = seen.get(folded);
    if (first) {
      out.push(
        diag(
          "SL306",
          link,
          `link "${link.slug}" differs from "${first.slug}" at ${where(first)} only by case`,
          "visitors rarely type case exactly; pick distinct slugs",
        ),
      );
    } else seen.set(folded, link);
  }
  return out;
}
