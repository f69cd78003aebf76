/**
 * Which links `health` probes: every link that redirects now or will by itself later (active,
 * or active and waiting for its schedule to start), taken from the compiler's validated links.
 * A splat link is probed at its base (the target with an empty remainder); a card's https image
 * is probed too, as a row of its own.
 */
import { effectiveState } from "../../../runtime/lifecycle.js";
import { expandTarget } from "../../../runtime/targets/index.js";
import { PLACEHOLDER_SEGMENT } from "../../../runtime/placeholders.js";
import type {
  EffectiveState,
  LinkRecord,
  TargetAllowance,
} from "../../../runtime/contract/index.js";
import { foldCase } from "../../../runtime/case-fold.js";
import { routeDestinations } from "../../../runtime/link-routes/describe.js";

export interface LinkToCheck {
  slug: string;
  /** A route's target: the route's id, else its position from 1 (as analytics names it). */
  route?: string;
  /** A split variant's target: the variant's id, else its position from 1. */
  variant?: string;
  /** The link's card image (docs/previews.md), probed like a target; `target` is its URL. */
  preview_image?: true;
  target: string;
  allow?: TargetAllowance;
}

const REDIRECTING: ReadonlySet<EffectiveState> = new Set(["active", "scheduled"]);

export interface Selection {
  links: LinkToCheck[];
  /** `--only` names that match no link. */
  unknown: string[];
  /** `--only` names of links that cannot redirect, with their effective state. */
  idle: { slug: string; state: EffectiveState }[];
}

/** A link on another host than the default one is named `HOST/slug` (docs/domains.md). */
const shownSlug = (link: LinkRecord) =>
  link.domain === undefined ? link.slug : `${link.domain}/${link.slug}`;

function names(link: LinkRecord): string[] {
  if (link.domain !== undefined) return [foldCase(shownSlug(link))];
  const slug = foldCase(link.slug);
  return [slug, foldCase(link.key), "/" + foldCase(link.key), "/" + slug];
}

/** An `--only` name as matched: lower-cased, one trailing slash dropped as the worker drops it. */
const nameOf = (only: string) => foldCase(only).replace(/(.)\/$/, "$1");

/** The link's own target, then each route's target and each split variant's (docs/routes.md). */
function destinations(link: LinkRecord): Omit<LinkToCheck, "slug" | "allow">[] {
  return [{ target: link.target }, ...routeDestinations(link.routes ?? [])];
}

export function selectLinks(links: readonly LinkRecord[], at: Date, only?: string[]): Selection {
  const wanted = only?.length ? new Set(only.map(nameOf)) : null;
  const matched = new Set<string>();
  const selection: Selection = { links: [], unknown: [], idle: [] };
  for (const link of links) {
    if (wanted) {
      const hit = names(link).filter((n) => wanted.has(n));
      if (hit.length === 0) continue;
      hit.forEach((n) => matched.add(n));
    }
    const state = effectiveState(link, at);
    if (!REDIRECTING.has(state)) {
      if (wanted) selection.idle.push({ slug: shownSlug(link), state });
      continue;
    }
    // A splat's or placeholder link's targets are probed with its values empty: their base URLs.
    for (const destination of destinations(link)) {
      const base =
        link.kind === "exact" ? null : expandTarget(destination.target, { params: empty(link) });
      const target = base?.ok ? base.url : destination.target;
      const named = { slug: shownSlug(link), ...destination, target };
      selection.links.push(link.allow ? { ...named, allow: link.allow } : named);
    }
    // A card's https image is fetched by every preview bot: probed as it is written, with no
    // allowance (check let it through the target rules). A local image is the instance's own file.
    const image = link.preview?.image;
    if (image !== undefined && /^https:\/\//i.test(image))
      selection.links.push({ slug: shownSlug(link), preview_image: true, target: image });
  }
  if (only) selection.unknown = only.filter((s) => !matched.has(nameOf(s)));
  return selection;
}

/** Each placeholder of a link's slug with an empty value. */
function empty(link: LinkRecord): Record<string, string> {
  const names = link.key.split("/").filter((segment) => PLACEHOLDER_SEGMENT.test(segment));
  return Object.fromEntries(names.map((segment) => [segment.slice(1), ""]));
}
