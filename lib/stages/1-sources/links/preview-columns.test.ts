import { describe, expect, it } from "vitest";
import { readCsvRows } from "./read-csv.js";
import { checkRow } from "./load-sources.js";

describe("a card in CSV: preview_title, preview_description, preview_image", () => {
  it("the three columns make the same preview as the YAML mapping", () => {
    const { rows, diagnostics } = readCsvRows(
      "slug,target,preview_title,preview_description,preview_image\n" +
        "card,https://example.com/,The handbook,First week,/cards/h.png\n" +
        "plain,https://example.com/,,,\n",
      "custom/links/links.csv",
    );
    expect(diagnostics).toEqual([]);
    expect(rows.map((r) => r.value)).toEqual([
      {
        slug: "card",
        target: "https://example.com/",
        preview: { title: "The handbook", description: "First week", image: "/cards/h.png" },
      },
      { slug: "plain", target: "https://example.com/" },
    ]);
  });

  it("an image without a title is refused, naming the field", () => {
    const { rows } = readCsvRows(
      "slug,target,preview_image\ncard,https://example.com/,/cards/h.png\n",
      "custom/links/links.csv",
    );
    const checked = checkRow(rows[0]);
    expect("diagnostics" in checked ? checked.diagnostics.map((d) => d.message) : []).toEqual([
      expect.stringContaining("preview.title"),
    ]);
  });
});
