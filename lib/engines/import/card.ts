/**
 * A link's card from an export (docs/import.md, "Cards"): Dub's custom link preview, Sink's Open
 * Graph fields, as `preview: { title, description, image }` (docs/previews.md). A card needs a
 * title here: one without is left out at its line (SL549). Its image must be an https URL that
 * the target rules let through, as `check` asks of a card written by hand; one that is not is
 * left out at its line (SL548) and the link keeps the rest of its card. Never silently.
 */
import type { TargetPolicy } from "../../../runtime/targets/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { imageUrlRefusal } from "../../stages/2-validate/previews/check-preview.js";
import type { ImportedRow } from "./types.js";

/** A JSON export's text field: a string with something in it, else nothing. */
export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

export interface CardFields {
  title?: string;
  description?: string;
  image?: string;
}

/** The card of `fields` for `row` (set as `row.preview`), or a note saying why there is none. */
export function addCard(
  row: Record<string, unknown>,
  fields: CardFields,
  at: { file: string; line: number; link: string },
): Diagnostic[] {
  const given = (["title", "description", "image"] as const).filter((k) => fields[k]);
  if (given.length === 0) return [];
  if (!fields.title)
    return [
      diag(
        "SL549",
        { file: at.file, line: at.line },
        `${at.link}: its card has no title (only ${given.join(" and ")}), and a card here needs one; the link is imported without its card`,
        "add preview: { title: ... } to the written link to keep the card",
      ),
    ];
  row.preview = Object.fromEntries(given.map((k) => [k, fields[k]]));
  return [];
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
