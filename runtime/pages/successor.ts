/**
 * The retired page names the link that replaces a retired one (its `successor`): the template's
 * `<!--if successor-->...<!--end if-->` block is kept, `{{successor}}` gets the successor's short
 * URL and `{{successor_path}}` its path without the leading `/` (for a same-origin link), both
 * escaped; without a successor the block goes, leaving the page exactly as it was before the
 * block existed. Nothing else of the page is touched (docs/pages.md).
 */
import { escapeHtml } from "./escape.js";
import { shortLinkUrl } from "./qr-svg.js";

const BLOCK = /<!--if successor-->([\s\S]*?)<!--end if-->/g;
const SLOT = /\{\{(successor|successor_path)\}\}/g;

export interface SuccessorSlots {
  /** The short URL, as a visitor would type it. */
  url: string;
  /** Its path without the leading `/`, each segment encoded. */
  path: string;
}

export function fillSuccessor(html: string, successor: SuccessorSlots | undefined): string {
  if (successor === undefined) return html.replace(BLOCK, "");
  const values = {
    successor: escapeHtml(successor.url),
    successor_path: escapeHtml(successor.path),
  };
  return html.replace(BLOCK, (_all, body: string) =>
    body.replace(SLOT, (_slot, name: keyof typeof values) => values[name]),
  );
}

/** The successor's slots on the instance's base URL, if there is a successor. */
export function successorSlots(
  baseUrl: string,
  successor: string | undefined,
): SuccessorSlots | undefined {
  if (successor === undefined) return undefined;
  return { url: shortLinkUrl(baseUrl, successor), path: shortLinkUrl("", successor).slice(1) };
}
