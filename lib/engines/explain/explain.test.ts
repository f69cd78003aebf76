/**
 * explain names what the matched link is for a person: its title, owner, tags, description and
 * notes (the fields stats shows) and a retired link's successor, in the trace and in --json,
 * escaped like every line it prints.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyInstance } from "../../../test/support/tiny-instance.js";
import { createExplainer, formatExplanation, type Explainer } from "./explain.js";

const LINKS = `- slug: docs
  target: https://docs.example.com/
  title: Product docs
  owner: docs-team
  tags: [docs, public]
  description: Where the manuals live
  notes: "asked for by support\\nrenew the domain in May"
- slug: bare
  target: https://example.com/bare
- slug: manuals
  target: https://example.com/manuals
  state: retired
  successor: docs
`;

let root: string;
let explainer: Explainer;
beforeAll(async () => {
  root = tinyInstance("shortlinks-explain-", LINKS);
  explainer = await createExplainer(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const explain = async (path: string) => {
  if (!explainer.ok) throw new Error(JSON.stringify(explainer.diagnostics));
  return explainer.explain({ path, at: new Date("2030-01-01T00:00:00Z") });
};

describe("explain shows what the link is", () => {
  it("the matched link's title, owner, tags, description and notes are in --json", async () => {
    const e = await explain("/docs");
    expect(e.match).toMatchObject({
      slug: "docs",
      title: "Product docs",
      owner: "docs-team",
      tags: ["docs", "public"],
      description: "Where the manuals live",
      notes: "asked for by support\nrenew the domain in May",
    });
  });

  it("the trace prints each on its own line, the notes' line breaks escaped", async () => {
    const lines = formatExplanation(await explain("/docs"));
    expect(lines).toContain("  title      Product docs");
    expect(lines).toContain("  owner      docs-team");
    expect(lines).toContain("  tags       docs, public");
    expect(lines).toContain("  about      Where the manuals live");
    expect(lines).toContain("  notes      asked for by support\\nrenew the domain in May");
  });

  it("a retired link names its successor", async () => {
    const e = await explain("/manuals");
    expect(e.match).toMatchObject({ slug: "manuals", successor: "docs" });
    expect(formatExplanation(e)).toContain("  successor  docs");
  });

  it("a link without them adds no line and no key", async () => {
    const e = await explain("/bare");
    expect(Object.keys(e.match ?? {})).toEqual(["kind", "slug", "file", "line"]);
    expect(
      formatExplanation(e).filter((l) => /^ {2}(title|owner|tags|about|notes|successor) /.test(l)),
    ).toEqual([]);
  });
});
