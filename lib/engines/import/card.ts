/**
 * A link's card from an export (docs/import.md, "Cards"): Dub's custom link preview, Sink's Open
 * Graph fields, as `preview: { title, description, image }` (docs/previews.md). A card needs a
 * title here, one line within its limit: a card without one is left out at its line (SL549), as
 * is a description the field cannot hold. Its image must be an https URL that
 * the target rules let through, as `check` asks of a card written by hand; one that is not is
 * left out at its line (SL548) and the link keeps the rest of its card. Never silently.
 */
import type { TargetPolicy } from "../../../runtime/targets/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { imageUrlRefusal } from "../../stages/2-validate/previews/check-preview.js";
import { CONTROL_CHARACTER, LONE_SURROGATE } from "../../shared/printable.js";
import { FIELD_LIMITS } from "../../stages/1-sources/links/limits.js";
import type { ImportedRow } from "./types.js";

/** A JSON export's text field: a string with something in it, else nothing. */
export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

export interface CardFields {
  title?: string;
  description?: string;
  image?: string;
}

/** The card of `fields` for `row` (set as `row.preview`), and a note on each part left out. */
export function addCard(
  row: Record<string, unknown>,
  fields: CardFields,
  at: { file: string; line: number; link: string },
): Diagnostic[] {
  const given = (["title", "description", "image"] as const).filter((k) => fields[k]);
  if (given.length === 0) return [];
  const note = (message: string) =>
    diag("SL549", { file: at.file, line: at.line }, `${at.link}: ${message}`, HINT);
  if (!fields.title)
    return [
      note(
        `its card has no title (only ${given.join(" and ")}), and a card here needs one; the link is imported without its card`,
      ),
    ];
  const title = textProblem("title", fields.title);
  if (title) return [note(`its card's ${title}; the link is imported without its card`)];
  const out: Diagnostic[] = [];
  const card: Record<string, string> = { title: fields.title };
  const description = fields.description && textProblem("description", fields.description);
  if (description) out.push(note(`its card's ${description}; the link is imported without it`));
  else if (fields.description) card.description = fields.description;
  if (fields.image) card.image = fields.image;
  row.preview = card;
  return out;
}

const HINT = "write the card by hand in the imported file (docs/previews.md)";

/**
 * Why a card's text cannot be its field (docs/limits.md): past the characters the field holds
 * (SL110 at check), or a line break or another control character (SL117), said without the text.
 */
function textProblem(field: "title" | "description", text: string): string | undefined {
  const limit = FIELD_LIMITS[`preview.${field}`];
  if (text.length > limit)
    return `${field} is ${text.length} characters, past the ${limit} a card holds`;
  const control = CONTROL_CHARACTER.exec(text) ?? LONE_SURROGATE.exec(text);
  if (!control) return undefined;
  const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  return `${field} holds ${code} at character ${control.index + 1}, and a card's text is one line of printable characters`;
}

/**
 * SL548: each imported card's image that is not https or that a target rule refuses is taken out
 * of its row (the rest of the card stays), named at the row's line.
 */
export function dropRefusedImages(
  rows: readonly ImportedRow[],
  policy: TargetPolicy,
  file: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { row, line } of rows) {
    const preview = row.preview as { image?: unknown } | undefined;
    if (typeof preview?.image !== "string") continue;
    const refused = imageUrlRefusal(preview.image, policy);
    if (!refused) continue;
    out.push(
      diag(
        "SL548",
        { file, line },
        `link ${JSON.stringify(row.slug)}: its card's image ${JSON.stringify(preview.image)} ${refused.why}; the link is imported without it`,
        "card images are https URLs that pass the target rules (docs/previews.md)",
      ),
    );
    delete preview.image;
  }
  return out;
}
