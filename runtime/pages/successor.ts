/**
 * The retired page names the link that replaces a retired one (its `successor`): the template's
 * `<!--if successor-->...<!--end if-->` block is kept and its `{{successor}}` slots get the
 * successor's short URL, escaped; without a successor the block goes, leaving the page exactly as
 * it was before the block existed. Nothing else of the page is touched (docs/pages.md).
 */
import { escapeHtml } from "./escape.js";
import { shortLinkUrl } from "./qr-svg.js";

const BLOCK = /<!--if successor-->([\s\S]*?)<!--end if-->/g;
const SLOT = /\{\{successor\}\}/g;

export function fillSuccessor(html: string, url: string | undefined): string {
  if (url === undefined) return html.replace(BLOCK, "");
  const escaped = escapeHtml(url);
  return html.replace(BLOCK, (_all, body: string) => body.replace(SLOT, () => escaped));
}

/** The successor's short URL on the instance's base URL, if there is a successor. */
export function successorUrl(baseUrl: string, successor: string | undefined): string | undefined {
  return successor === undefined ? undefined : shortLinkUrl(baseUrl, successor);
}
