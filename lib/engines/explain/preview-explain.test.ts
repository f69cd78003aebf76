// explain --ua on a link with its own card (docs/previews.md): the preview decision as a step.
import { beforeAll, describe, expect, it } from "vitest";
import { CASE_INSTANCE } from "../../../test/support/build-instance.js";
import { UA } from "../../../test/cases/requests-routes.js";
import { createExplainer, formatExplanation, type Explainer } from "./explain.js";

let explainer: Extract<Explainer, { ok: true }>;

beforeAll(async () => {
  const created = await createExplainer(CASE_INSTANCE);
  if (!created.ok) throw new Error(JSON.stringify(created.diagnostics));
  explainer = created;
});

const text = async (path: string, ua?: string) =>
  formatExplanation(await explainer.explain({ path, facts: ua ? { ua } : {} })).join("\n");

describe("explain: the preview decision", () => {
  it("a preview bot: the family, the card instead of the redirect, the preview event", async () => {
    const out = await text("/card", UA.slack);
    expect(out).toMatch(
      /✓ preview +slack link-preview bot: the link's card, linking to https:\/\/example.com\/handbook.pdf; no redirect/,
    );
    expect(out).toContain("=> 200  page preview");
    expect(out).toContain("event      preview");
  });

  it("a browser: not a preview bot, the redirect", async () => {
    const out = await text("/card", UA.iphone);
    expect(out).toMatch(/✓ preview +not a link-preview bot: redirect/);
    expect(out).toContain("=> 302 https://example.com/handbook.pdf");
    expect(out).toContain("event      redirect");
  });

  it("a link without a card says nothing of previews, even to a preview bot", async () => {
    const out = await text("/docs", UA.slack);
    expect(out).not.toContain("preview");
    expect(out).toContain("=> 302 https://docs.example.com/start");
  });
});
