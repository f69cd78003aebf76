/**
 * A link's identity, spelled once: its kind and its lookup key. Two records with the same
 * identity are the same link, whatever else about them changed (a diff pairs links by it, the
 * own-host check follows chains by it, validation finds case twins by it).
 */
import type { LinkRecord } from "../../runtime/contract/index.js";
import { normalizePath } from "../../runtime/normalize.js";
import { PLACEHOLDER_SEGMENT, placeholderKeyOf } from "../../runtime/placeholders.js";

type Identified = Pick<LinkRecord, "kind" | "key"> & { domain?: string };

/**
 * The identity of a link, or of one spelling of its key (case kept, case folded). A link on
 * another host than the default one is another link (docs/domains.md): its host leads.
 */
export function linkId(link: Identified): string {
  return `${linkGroup(link)}\n${link.key}`;
}

/** A link's identity but its key: its kind, led by its host when it has one. */
export function linkGroup(link: Pick<Identified, "kind" | "domain">): string {
  return link.domain === undefined ? link.kind : `${link.domain}\n${link.kind}`;
}

export function sameLink(a: Identified | null | undefined, b: Identified): boolean {
  return a?.kind === b.kind && a.key === b.key && a.domain === b.domain;
}

/** The slug without its splat marker: `gh/*` -> `gh`, `*` -> ``, `p/:id/*` -> `p/:id`. */
export function slugBody(link: Pick<LinkRecord, "kind" | "slug">): string {
  if (link.kind === "exact") return link.slug;
  if (link.kind === "placeholder" && !link.slug.endsWith("/*")) return link.slug;
  return link.slug === "*" ? "" : link.slug.slice(0, -2);
}

const caseKept = new WeakMap<object, string>();

/** The slug normalised as the runtime normalises paths, case kept (NFC, no `/*`); kept per link. */
export function caseKeptKey(link: Pick<LinkRecord, "kind" | "slug">): string {
  let key = caseKept.get(link);
  if (key === undefined) {
    const normal = normalizePath("/" + slugBody(link), true);
    key =
      link.kind === "placeholder"
        ? (placeholderKeyOf(link.slug, true) ?? link.slug)
        : normal.ok
          ? normal.key + (trailingSlash(link) ? "/" : "")
          : slugBody(link);
    caseKept.set(link, key);
  }
  return key;
}

/** An exact link's slug that ends with `/` (trailing_slash: strict): its key keeps the slash. */
function trailingSlash(link: Pick<LinkRecord, "kind" | "slug">): boolean {
  return link.kind === "exact" && link.slug.length > 1 && link.slug.endsWith("/");
}

/**
 * A request path that reaches `link` itself, case kept: its slug, with a value meeting its rule
 * for each placeholder (`sample`, or the rule's least number) and `sample` as a splat's remainder.
 */
export function samplePathOf(link: Pick<LinkRecord, "kind" | "slug" | "params">): string {
  const body = caseKeptKey(link).replace(/\/\*$/, "").replace(/\/$/, "");
  const segments = body === "" ? [] : body.split("/");
  const filled = segments.map((segment) => {
    if (link.kind !== "placeholder" || !PLACEHOLDER_SEGMENT.test(segment))
      return encodeURIComponent(segment);
    const rule = link.params?.[segment.slice(1)];
    return rule ? String(rule.min ?? 0) : SAMPLE;
  });
  const splat = link.kind === "splat" || link.slug.endsWith("/*");
  if (splat) filled.push(SAMPLE);
  const slash = !splat && link.slug.length > 1 && link.slug.endsWith("/") ? "/" : "";
  return "/" + filled.join("/") + slash;
}

const SAMPLE = "sample";
