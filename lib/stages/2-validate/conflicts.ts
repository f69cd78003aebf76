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
  // A splat covers a link only from the root or from the link's own first segment (per host).
  const heads = new Set<string>();
  for (const cover of splat.values()) heads.add(keyOf(cover, firstSegment(cover.key)));
  for (const link of splat.size === 0 ? [] : kept) {
    if (link.kind === "placeholder") continue;
    if (!splat.has(keyOf(link, "")) && !heads.has(keyOf(link, firstSegment(link.key)))) continue;
    const itself = link.kind === "exact" && !(strictTrailingSlash && !link.key.endsWith("/"));
    for (const prefix of prefixesOf(link.key, itself)) {
      const cover = splat.get(keyOf(link, prefix));
      if (!cover || cover === link) continue;
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
      break;
    }
  }
  return { links: kept, diagnostics };
}

const firstSegment = (key: string) => {
  const slash = key.indexOf("/");
  return slash < 0 ? key : key.slice(0, slash);
};

/**
 * The key's leading segments joined, longest first down to "" (the root): the key itself first
 * when `itself`. Cut at each `/` from the end instead of splitting and joining for every length.
 */
function* prefixesOf(key: string, itself: boolean): Generator<string> {
  if (key === "") {
    if (itself) yield "";
    return;
  }
  if (itself) yield key;
  for (let slash = key.lastIndexOf("/"); slash >= 0; slash = key.lastIndexOf("/", slash - 1)) {
    yield key.slice(0, slash);
    if (slash === 0) return;
  }
  yield "";
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
