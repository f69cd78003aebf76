/**
 * A retired link with a successor: the worker's own code (runtime/engine/answer.ts over the compiled
 * instance, in memory) answers the informational 410 page with a link to the successor's short
 * URL; a retired link without one gets the page exactly as before, in every language.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileInstance } from "../lib/stages/compile.js";
import { filesInstance } from "../lib/shared/memory-instance.js";
import { assetFiles } from "../lib/stages/5-bundle/output-files.js";
import { answerRequest } from "../runtime/engine/answer.js";
import type { Env } from "../runtime/env.js";
import { tinyInstance } from "./support/tiny-instance.js";

const LINKS = `- slug: handbook-2019
  target: https://example.com/2019
  state: retired
  successor: Handbook
- slug: handbook
  target: https://example.com/handbook
- slug: gone
  target: https://example.com/gone
  state: retired
`;

let root: string;
let env: Env;
let data: Awaited<ReturnType<typeof filesInstance>>["instance"];

beforeAll(async () => {
  root = tinyInstance("shortlinks-successor-", LINKS);
  const compiled = await compileInstance({ root, skipBundle: true });
  expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  ({ instance: data, env } = await filesInstance(assetFiles(compiled.files ?? [])));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function get(path: string, lang = "en") {
  const request = new Request(`https://go.example.org${path}`, {
    headers: { "accept-language": lang },
  });
  const { response } = await answerRequest(request, env, data, new Date());
  return { status: response.status, body: await new Response(response.body).text() };
}

describe("the retired page names the successor", () => {
  it.each(["en", "fr", "es", "it", "de"])(
    "%s: 410 with a link to the successor's short URL",
    async (lang) => {
      const { status, body } = await get("/handbook-2019", lang);
      expect(status).toBe(410);
      expect(body).toContain('<a href="/Handbook">https://go.example.org/Handbook</a>');
      expect(body).not.toContain("example.com/2019");
      expect(body).not.toMatch(/<!--if|\{\{/);
    },
  );

  it("a retired link without a successor gets the product page with no trace of the block", async () => {
    const { status, body } = await get("/gone");
    expect(status).toBe(410);
    expect(body).not.toContain("successor");
    expect(body).not.toMatch(/<!--if|\{\{/);
    const page = await env.ASSETS.fetch(
      new Request("https://assets.invalid/_pages/en/retired.html"),
    );
    const template = await page.text();
    expect(body).toBe(template.replace(/<!--if successor-->[\s\S]*?<!--end if-->/, ""));
  });
});
