/**
 * Which part of the visitor's query string reaches the providers (ANALYTICS_QUERY_MODE), one rule
 * for both providers, for the URL and the event data alike: `campaign` (the default) keeps only
 * `utm_*` parameters and the common ad click ids, `full` keeps everything, `none` nothing. A
 * visitor's other parameters may carry tokens.
 */
import { clip } from "./clip.js";

export type QueryMode = "campaign" | "full" | "none";
export const QUERY_MODES: readonly QueryMode[] = ["campaign", "full", "none"];

/** Ad click ids kept with the `utm_*` parameters. */
export const CLICK_IDS = [
  "gclid",
  "gbraid",
  "wbraid",
  "gad_source",
  "dclid",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
] as const;

/** Umami stores campaign values and click ids in 255-character columns and fails the event beyond. */
export const CAMPAIGN_VALUE_MAX = 255;

const CLICK_ID_SET: ReadonlySet<string> = new Set(CLICK_IDS);

export function isCampaignParam(key: string): boolean {
  const name = key.toLowerCase();
  return name.startsWith("utm_") || CLICK_ID_SET.has(name);
}

/**
 * The query as the providers get it, without its `?` (empty when nothing is kept), re-encoded
 * in the request's order. In every mode a campaign value is cut to CAMPAIGN_VALUE_MAX characters.
 */
export function selectQuery(params: URLSearchParams, mode: QueryMode): string {
  if (mode === "none") return "";
  const kept = new URLSearchParams();
  params.forEach((value, key) => {
    const campaign = isCampaignParam(key);
    if (campaign) kept.append(key, clip(value, CAMPAIGN_VALUE_MAX));
    else if (mode === "full") kept.append(key, value);
  });
  return kept.toString();
}
