/**
 * The QR code of a short link as inline SVG markup: attributes only (no style, no script), so it
 * renders under the strict content security policy, in the lookup page (browser) and in the
 * no-JavaScript result page (worker) alike, and `shortlinks qr --svg` writes the same markup.
 * The matrix comes from uqr (no dependencies, any runtime); each row's dark modules are painted
 * as horizontal runs.
 */
import { encode } from "uqr";
import { QR_MAX_BYTES } from "../contract/index.js";
import { encodePathSegment } from "../targets/splat.js";
import { escapeHtml } from "./escape.js";

/** Quiet zone of four modules, as the QR specification asks for. */
const BORDER = 4;

/** Whether `text` fits in a QR code at level M: at most QR_MAX_BYTES in UTF-8. */
export function qrFits(text: string): boolean {
  return text.length <= QR_MAX_BYTES && new TextEncoder().encode(text).length <= QR_MAX_BYTES;
}

/** The QR code of `text`, or null when it does not fit in one (`qrFits`). */
export function qrSvg(text: string, options: { size?: number } = {}): string | null {
  if (!qrFits(text)) return null;
  const { data } = encode(text, { ecc: "M", border: BORDER });
  const n = data.length;
  let dark = "";
  data.forEach((row, y) => {
    for (let x = 0; x < n; x++) {
      if (!row[x]) continue;
      let w = 1;
      while (x + w < n && row[x + w]) w++;
      dark += `M${x} ${y}h${w}v1h-${w}z`;
      x += w - 1;
    }
  });
  const size = options.size ?? 192;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${size}" height="${size}"` +
    ` role="img" aria-label="QR code: ${escapeHtml(text)}" shape-rendering="crispEdges">` +
    `<path fill="#fff" d="M0 0h${n}v${n}h-${n}z"/><path fill="#000" d="${dark}"/></svg>`
  );
}

/**
 * The public URL of a short link: the instance's base URL and a slug, a path or a whole short URL
 * as a visitor typed it (its path is kept; query and fragment are not part of the link). Each
 * segment is encoded as an RFC 3986 path segment.
 */
export function shortLinkUrl(baseUrl: string, slugOrInput: string): string {
  let path = slugOrInput.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // not a URL after all: taken as a path
    }
  }
  const segments = path
    .replace(/[?#].*$/, "")
    .split("/")
    .filter((s) => s !== "")
    .map(encodeSegment);
  return `${baseUrl.replace(/\/+$/, "")}/${segments.join("/")}`;
}

/** Decoded once, then encoded; text that is not valid percent-encoding or Unicode stays visible. */
function encodeSegment(segment: string): string {
  for (const text of [segment, segment.replace(/%/g, "%25")])
    try {
      return encodePathSegment(decodeURIComponent(text));
    } catch {
      // next spelling
    }
  return encodePathSegment(segment.replace(/[\ud800-\udfff]/g, "\ufffd"));
}
