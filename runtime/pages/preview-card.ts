/**
 * The preview page a link-preview bot gets for a link with `preview` (docs/previews.md): the
 * product page `preview` (localized chrome, built like every page) with the card's text in its
 * slots, and the card as `og:` and `twitter:` tags added to its head. Every value is escaped:
 * the card is the editor's text, the short URL is the request's, the target the final URL.
 */
import type { LinkPreview } from "../contract/index.js";
import { escapeHtml } from "./escape.js";

export interface Card {
  preview: LinkPreview;
  /** The short link as it was asked for (origin and path): `og:url`. */
  shortUrl: string;
  /** Where the link leads: the visible link, never followed by the page. */
  target: string;
}

const BLOCK = /<!--if (preview_description)-->([\s\S]*?)<!--end if-->/g;
const SLOT = /\{\{(preview_title|preview_description|target)\}\}/g;

/** The image as an absolute URL: a local file is served on the short link's own origin. */
export function cardImageUrl(image: string, shortUrl: string): string {
  return image.startsWith("/") ? new URL(image, shortUrl).href : image;
}

/** The card's tags, one per line. */
export function cardTags(card: Card): string {
  const { title, description, image } = card.preview;
  const imageUrl = image === undefined ? undefined : cardImageUrl(image, card.shortUrl);
  const tags: [string, string, string | undefined][] = [
    ["name", "description", description],
    ["property", "og:type", "website"],
    ["property", "og:url", card.shortUrl],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:image", imageUrl],
    ["name", "twitter:card", imageUrl ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", imageUrl],
  ];
  return tags
    .filter(([, , value]) => value !== undefined)
    .map(([attr, name, value]) => `<meta ${attr}="${name}" content="${escapeHtml(value ?? "")}">`)
    .join("\n");
}

/** The page with the card: its slots filled, its tags before `</head>`. */
export function fillPreview(html: string, card: Card): string {
  const values = {
    preview_title: escapeHtml(card.preview.title),
    preview_description: escapeHtml(card.preview.description ?? ""),
    target: escapeHtml(card.target),
  };
  const filled = html
    .replace(BLOCK, (_all, _name: string, body: string) =>
      card.preview.description === undefined ? "" : body,
    )
    .replace(SLOT, (_slot, name: keyof typeof values) => values[name]);
  const head = filled.indexOf("</head>");
  const tags = cardTags(card) + "\n";
  return head < 0 ? tags + filled : filled.slice(0, head) + tags + filled.slice(head);
}
