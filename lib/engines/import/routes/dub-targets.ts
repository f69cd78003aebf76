/**
 * Dub's per-link targets as routes, in the order Dub's redirect code tries them
 * (apps/web/lib/middleware/link.ts): the expired URL once `expiresAt` has passed, then iOS, then
 * Android, then the visitor's country, then the A/B test in place of the destination URL
 * (docs/coming-from-dub.md, "Device, geo and A/B targets").
 */
import { appendAll } from "../../../shared/lists.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { COUNTRY_CODES } from "../../../stages/2-validate/routes/country-codes.js";
import { isoTime } from "../short-code.js";
import type { ImportedRoute } from "./when.js";

export interface DubTargetsContext {
  file: string;
  line: number;
  /** How the link is named in messages, e.g. `link "app"`. */
  link: string;
}

export interface DubLinkTargets {
  ios?: unknown;
  android?: unknown;
  geo?: unknown;
  expiresAt?: unknown;
  expiredUrl?: unknown;
  testVariants?: unknown;
  testCompletedAt?: unknown;
}

const url = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/**
 * The routes, and a schedule when the link expires without an expired URL (Dub then shows its
 * "expired" page: here the schedule's end answers 410).
 */
export function dubRoutes(
  link: DubLinkTargets,
  context: DubTargetsContext,
): {
  routes: ImportedRoute[];
  schedule?: { label: string; end: string };
  diagnostics: Diagnostic[];
} {
  const at = { file: context.file, line: context.line };
  const diagnostics: Diagnostic[] = [];
  const routes: ImportedRoute[] = [];
  let schedule: { label: string; end: string } | undefined;
  if (link.expiresAt !== undefined && link.expiresAt !== null) {
    const end = typeof link.expiresAt === "string" ? isoTime(link.expiresAt) : undefined;
    const expired = url(link.expiredUrl);
    if (!end)
      diagnostics.push(
        diag(
          "SL377",
          at,
          `${context.link}: expiresAt ${JSON.stringify(link.expiresAt)} is not a time; imported without an expiry`,
        ),
      );
    else if (expired) routes.push({ when: { after: end }, target: expired });
    else schedule = { label: "expires", end };
  }
  // Dub asks ua-parser-js for the OS name: "iOS" on iPhone, iPod and iPad alike.
  const ios = url(link.ios);
  if (ios) routes.push({ when: { device: ["ios", "ipados"] }, target: ios });
  const android = url(link.android);
  if (android) routes.push({ when: { device: ["android"] }, target: android });
  appendAll(routes, geoRoutes(link.geo, context, diagnostics));
  const split = testSplit(link, context, diagnostics);
  if (split) routes.push(split);
  return { routes, ...(schedule ? { schedule } : {}), diagnostics };
}

/** `{ FR: url, BE: url, DE: other }`: one route per URL, its countries in the export's order. */
function geoRoutes(
  geo: unknown,
  context: DubTargetsContext,
  diagnostics: Diagnostic[],
): ImportedRoute[] {
  if (geo === undefined || geo === null) return [];
  const at = { file: context.file, line: context.line };
  if (typeof geo !== "object" || Array.isArray(geo)) {
    diagnostics.push(
      diag("SL377", at, `${context.link}: geo is not a mapping of countries to URLs; not imported`),
    );
    return [];
  }
  const byUrl = new Map<string, string[]>();
  for (const [code, value] of Object.entries(geo as Record<string, unknown>)) {
    const country = code.toUpperCase();
    const target = url(value);
    if (!COUNTRY_CODES.has(country) || !target) {
      diagnostics.push(
        diag(
          "SL377",
          at,
          `${context.link}: geo ${JSON.stringify(code)}: ${target ? "not an ISO 3166-1 country code, so no visitor has it" : "no URL"}; this target is not imported`,
        ),
      );
      continue;
    }
    byUrl.set(target, [...(byUrl.get(target) ?? []), country]);
  }
  return [...byUrl].map(([target, countries]) => ({ when: { country: countries }, target }));
}

/**
 * An A/B test still running: a split by Dub's percentages until `testCompletedAt` (Dub stops
 * testing then). Dub keeps a visitor on one variant with a cookie; shortlinks sets none (SL378).
 */
function testSplit(
  link: DubLinkTargets,
  context: DubTargetsContext,
  diagnostics: Diagnostic[],
): ImportedRoute | undefined {
  if (!Array.isArray(link.testVariants) || link.testVariants.length === 0) return undefined;
  const at = { file: context.file, line: context.line };
  const until =
    typeof link.testCompletedAt === "string" ? isoTime(link.testCompletedAt) : undefined;
  const variants = link.testVariants.map((v) => ({
    weight: (v as { percentage?: unknown })?.percentage,
    target: url((v as { url?: unknown })?.url),
  }));
  if (
    !until ||
    variants.some((v) => !v.target || !Number.isInteger(v.weight) || (v.weight as number) <= 0)
  ) {
    diagnostics.push(
      diag(
        "SL377",
        at,
        `${context.link}: testVariants without a testCompletedAt, a URL or a whole percentage each; the A/B test is not imported`,
      ),
    );
    return undefined;
  }
  diagnostics.push(
    diag(
      "SL378",
      at,
      `${context.link}: the A/B test draws a variant on every visit; Dub keeps a visitor on one with a cookie, shortlinks sets none`,
    ),
  );
  return {
    when: { before: until },
    split: variants.map((v) => ({ weight: v.weight as number, target: v.target as string })),
  };
}
