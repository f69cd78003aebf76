/**
 * SL540-SL546 (docs/previews.md, "check"): a link's card. The image is a file under custom/public,
 * measured here (bytes and pixels, from its header), or an https URL that passes the target
 * rules; the texts are compared with what the platforms show before they cut.
 */
import { checkTarget, type TargetPolicy } from "../../../../runtime/targets/index.js";
import type { LinkRecord } from "../../../../runtime/contract/index.js";
import type { DiagnosticCode } from "../../../shared/diagnostic-codes.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { appendAll } from "../../../shared/lists.js";
import type { SourceLink } from "../../1-sources/links/row-schema.js";
import { imageSize } from "./image-size.js";

/** X cuts a card's title past 70 characters and its description past 200 (docs/previews.md). */
export const PREVIEW_TITLE_SHOWN = 70;
export const PREVIEW_DESCRIPTION_SHOWN = 200;
/** X takes card images up to 5 MB, and 4096 pixels a side; Facebook wants 200 a side at least. */
export const PREVIEW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PREVIEW_IMAGE_MIN_SIDE = 200;
export const PREVIEW_IMAGE_MAX_SIDE = 4096;

/** The public files' bytes by public path (`/cards/docs.png`). */
export type PublicFiles = ReadonlyMap<string, Uint8Array>;

export function checkPreview(
  link: SourceLink,
  policy: TargetPolicy,
  files: PublicFiles | undefined,
): Diagnostic[] {
  const preview = link.preview;
  if (!preview) return [];
  const at = { file: link.file, line: link.fieldLines.preview ?? link.line };
  const subject = `link "${link.slug}"`;
  const out: Diagnostic[] = [];
  const { title, description, image } = preview;
  if (title.length > PREVIEW_TITLE_SHOWN)
    out.push(
      diag(
        "SL545",
        at,
        `${subject}: preview.title is ${title.length} characters; X shows ${PREVIEW_TITLE_SHOWN}, Slack and Facebook about as many, and cut the rest`,
        "put what matters first, or shorten it",
      ),
    );
  if (description !== undefined && description.length > PREVIEW_DESCRIPTION_SHOWN)
    out.push(
      diag(
        "SL546",
        at,
        `${subject}: preview.description is ${description.length} characters; X shows ${PREVIEW_DESCRIPTION_SHOWN} and cuts the rest`,
        "put what matters first, or shorten it",
      ),
    );
  if (image === undefined) return out;
  if (image.startsWith("/") && !image.startsWith("//")) {
    if (files) appendAll(out, checkLocalImage(image, files, at, subject));
    return out;
  }
  const refused = imageUrlRefusal(image, policy);
  if (!refused) return out;
  const shown = `${subject}: preview.image ${JSON.stringify(image)}`;
  out.push(
    refused.rule === undefined
      ? diag(
          "SL540",
          at,
          `${shown} is neither a file under custom/public (/cards/x.png) nor an https URL`,
          "platforms fetch card images over https only",
        )
      : diag(refused.code, at, `${shown} ${refused.why}`),
  );
  return out;
}

/**
 * Why an image URL cannot be a card's image, or undefined when it can: not https (no rule), or
 * refused by a target rule (its code). `import` asks the same of an export's card (SL548).
 */
export function imageUrlRefusal(
  image: string,
  policy: TargetPolicy,
): { code: DiagnosticCode; rule?: number; why: string } | undefined {
  if (!/^https:\/\//i.test(image)) return { code: "SL540", why: "is not an https URL" };
  const verdict = checkTarget(image, policy);
  if (verdict.ok) return undefined;
  return {
    code: verdict.code,
    rule: verdict.rule,
    why: `refused (rule ${verdict.rule}): ${verdict.message}`,
  };
}

/**
 * SL547: a route that asks for preview bots (`bot: preview`) on a link with a card. Preview bots
 * get the card whatever the routes say; such a route only decides the card's visible link.
 */
export function previewRouteNotes(record: LinkRecord): Diagnostic[] {
  if (!record.preview || !record.routes) return [];
  return record.routes
    .filter((route) => route.when?.bot?.includes("preview"))
    .map((route) =>
      diag(
        "SL547",
        { file: record.file, line: route.line },
        `link "${record.slug}": this route's bot: preview never sends a preview bot to its target; the link's card answers preview bots, and the route only gives the card's visible link`,
        "drop the route, or the link's preview (docs/previews.md)",
      ),
    );
}

function checkLocalImage(
  image: string,
  files: PublicFiles,
  at: { file: string; line: number },
  subject: string,
): Diagnostic[] {
  const path = image.split(/[?#]/)[0];
  const bytes = files.get(path);
  if (!bytes)
    return [
      diag(
        "SL541",
        at,
        `${subject}: preview.image ${path} is no file under custom/public`,
        `put the image at custom/public${path}, or give an https URL`,
      ),
    ];
  const size = imageSize(bytes);
  if (!size)
    return [
      diag(
        "SL542",
        at,
        `${subject}: preview.image ${path} is not a PNG, JPEG, WebP or GIF file`,
        "the platforms show these four; convert the image",
      ),
    ];
  const out: Diagnostic[] = [];
  if (bytes.length > PREVIEW_IMAGE_MAX_BYTES)
    out.push(
      diag(
        "SL543",
        at,
        `${subject}: preview.image ${path} is ${bytes.length} bytes; X takes at most ${PREVIEW_IMAGE_MAX_BYTES} and WhatsApp skips large images`,
        "compress it; 1200x630 pixels in a few hundred KB shows everywhere",
      ),
    );
  const { width, height } = size;
  const small = Math.min(width, height) < PREVIEW_IMAGE_MIN_SIDE;
  if (small || Math.max(width, height) > PREVIEW_IMAGE_MAX_SIDE)
    out.push(
      diag(
        "SL544",
        at,
        `${subject}: preview.image ${path} is ${width}x${height} pixels; ${small ? `Facebook and LinkedIn want at least ${PREVIEW_IMAGE_MIN_SIDE} a side` : `X takes at most ${PREVIEW_IMAGE_MAX_SIDE} a side`}`,
        "1200x630 pixels shows everywhere",
      ),
    );
  return out;
}
