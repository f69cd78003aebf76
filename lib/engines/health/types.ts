/** What `shortlinks health` reports: one result per link, in the shape `--json` prints. */

/**
 * Classes from most to least severe. `unchecked` is not a verdict on the target: the link was
 * not probed (an intranet target opened by an allowance, or the overall deadline came first).
 */
export const HEALTH_CLASSES = [
  "unsafe-final",
  "broken",
  "unchecked",
  "moved",
  "slow",
  "ok",
] as const;
export type HealthClass = (typeof HEALTH_CLASSES)[number];

export interface Hop {
  url: string;
  /** HTTP status, or null when no answer came (DNS, TLS, refused, timeout, refused by the rules). */
  status: number | null;
}

/** The verdict on one target URL, shared by every link that points there. */
export interface Probe {
  class: HealthClass;
  /** Status of the last answer received, or null. */
  status: number | null;
  chain: Hop[];
  /** The last URL reached (the target itself when nothing redirected). */
  final_url: string;
  problem: string | null;
  ms: number;
}

export interface HealthResult extends Probe {
  slug: string;
  /** A route's target (docs/routes.md): the route's id or position from 1. */
  route?: string;
  /** A split variant's target: the variant's id or position from 1. */
  variant?: string;
  /** The link's card image (docs/previews.md): `target` is the image's URL. */
  preview_image?: true;
  target: string;
}

export interface HealthReport {
  checked: number;
  results: HealthResult[];
}

export function severityOf(cls: HealthClass): number {
  return HEALTH_CLASSES.indexOf(cls);
}

// Numbers in slugs sort as numbers (link-2 before link-10); a fixed locale keeps runs identical.
const BY_SLUG = new Intl.Collator("en", { numeric: true });

/** Most severe first, then by slug, so the report reads the same on every run. */
export function sortResults(results: readonly HealthResult[]): HealthResult[] {
  return [...results].sort(
    (a, b) => severityOf(a.class) - severityOf(b.class) || BY_SLUG.compare(a.slug, b.slug),
  );
}

/** Exit 1 when a target is broken or unsafe, or when the deadline left links unchecked. */
export function reportFails(report: HealthReport, deadlineReached: boolean): boolean {
  return (
    deadlineReached ||
    report.results.some((r) => r.class === "broken" || r.class === "unsafe-final")
  );
}
