import { describe, expect, it } from "vitest";
import { readYamlRows } from "./read-yaml.js";

describe("YAML sources: every field has its line", () => {
  it("nested fields as parent.child and list items as parent.N, at any depth (a route's target)", () => {
    const text = [
      "- slug: app",
      "  target: https://example.com/",
      "  routes:",
      "    - when: { country: FR }",
      "      target: https://example.com/fr",
      "    - split:",
      "        - weight: 1",
      "          target: https://a.example.com/",
      "",
    ].join("\n");
    const [row] = readYamlRows(text, "custom/links/links.yaml").rows;
    expect(row.fieldLines).toMatchObject({
      slug: 1,
      routes: 3,
      "routes.0": 4,
      "routes.0.when": 4,
      "routes.0.when.country": 4,
      "routes.0.target": 5,
      "routes.1": 6,
      "routes.1.split.0": 7,
      "routes.1.split.0.weight": 7,
      "routes.1.split.0.target": 8,
    });
  });
});
