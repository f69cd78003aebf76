/**
 * list's table: one line per link, columns padded and cut, the target whole, and every cell
 * through the cleaner the command passes (its escapes for text a terminal would obey).
 */
import { describe, expect, it } from "vitest";
import { printable } from "../../shared/printable.js";
import { formatTable, type ListedLink } from "./list-links.js";

const link = (
  slug: string,
  extra: { title?: string; owner?: string; target?: string } = {},
): ListedLink => ({
  slug,
  kind: "exact",
  target: `https://example.com/${slug}`,
  status: 302,
  state: "active",
  forward_query: false,
  effective_state: "active",
  file: "custom/links/links.yaml",
  line: 1,
  ...extra,
});

describe("list's table", () => {
  it("pads every column but the target to its widest cell", () => {
    const lines = formatTable([link("a", { owner: "docs-team" }), link("longer")], printable);
    expect(lines).toEqual([
      "SLUG    STATE   OWNER      TITLE  TARGET",
      "a       active  docs-team         https://example.com/a",
      "longer  active                    https://example.com/longer",
    ]);
  });

  it("cuts a column past 40 characters with an ellipsis and prints the target whole", () => {
    const title = "t".repeat(60);
    const target = `https://example.com/${"p".repeat(80)}`;
    const [, row] = formatTable([link("a", { title, target })], printable);
    expect(row).toContain(`${"t".repeat(39)}…  ${target}`);
  });

  it("shows a control character in any cell as an escape, never raw", () => {
    const lines = formatTable(
      [link("a", { title: "Team \u001b[2J page", owner: "x\u202ey" })],
      printable,
    );
    expect(lines.join("\n")).not.toMatch(/[\u001b\u202e]/);
    expect(lines[1]).toContain("Team \\u001b[2J page");
    expect(lines[1]).toContain("x\\u202ey");
  });
});

describe("list's table at any size", () => {
  it("200,000 links: the widths are found without passing every cell as an argument", () => {
    const many = Array.from({ length: 200_000 }, (_, i) => link(`s${i}`));
    const lines = formatTable(many, (text) => text);
    expect(lines).toHaveLength(200_001);
    expect(lines[1]).toBe(`s0${" ".repeat(7)}active${" ".repeat(16)}https://example.com/s0`);
  });
});
