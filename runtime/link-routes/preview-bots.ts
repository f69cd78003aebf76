/**
 * The one recogniser of link-preview bots (docs/previews.md): the preview decision of a link with
 * `preview` and a route's `bot: preview` condition both call it. The table is the curated list
 * of defaults/preview-bots.yaml; a User-Agent is lower-cased once and searched for each token.
 */
import { PREVIEW_BOT_TABLE } from "./preview-bot-table.js";

/** The family of the preview bot `ua` names (`slack`, `x`, ...), or undefined for anyone else. */
export function previewBotOf(ua: string | null | undefined): string | undefined {
  if (!ua) return undefined;
  const lower = ua.toLowerCase();
  for (const [token, family] of PREVIEW_BOT_TABLE) if (lower.includes(token)) return family;
  return undefined;
}
