/**
 * Placeholder links on the surfaces besides a visit: `explain` shows each captured value; the
 * lookup page asks resolve() itself (runtime/http/lookup-api.ts), so a concrete path a placeholder
 * link answers is found, with the target its values make, and its short URL is the path asked.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileInstance } from "../lib/stages/compile.js";
import { createExplainer, formatExplanation } from "../lib/engines/explain/explain.js";
import { tablesInstance } from "../lib/shared/memory-instance.js";
import { resolveContext } from "../runtime/engine/answer.js";
import { lookupSlug } from "../runtime/http/lookup-api.js";
import { renderLookupResult } from "../runtime/pages/lookup-result.js";
import type { ResolveContext } from "../runtime/resolve.js";
import { tinyInstance } from "./support/tiny-instance.js";

let root: string;
let ctx: ResolveContext;
const NOW = new Date("2030-01-01T00:00:00Z");

beforeAll(async () => {
  root = tinyInstance(
    "shortlinks-lookup-placeholder-",
    `- slug: issue/:id
  target: https://github.com/golang/go/issues/:id
  params: { id: digits }
`,
  );
  const compiled = await compileInstance({ root, skipBundle: true, emit: false, tablesOnly: true });
  if (!compiled.tables) throw new Error(JSON.stringify(compiled.diagnostics));
  ctx = resolveContext(tablesInstance(compiled.tables));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("lookup: placeholder links", () => {
  it.each(["issue/123", "/issue/123", "https://go.example.org/issue/123"])(
    "%s is found, with the target its value makes",
    async (input) => {
      expect(await lookupSlug(input, ctx, NOW)).toEqual({
        found: true,
        slug: "issue/:id",
        kind: "placeholder",
        state: "active",
        target: "https://github.com/golang/go/issues/123",
        status: 302,
      });
    },
  );

  it("a value the rule refuses is not found", async () => {
    expect(await lookupSlug("issue/abc", ctx, NOW)).toEqual({ found: false, slug: "issue/abc" });
  });

  it("the result page's short URL is the path asked, not the pattern", async () => {
    const result = await lookupSlug("issue/123", ctx, NOW);
    const html = renderLookupResult("<!--when found-->{{short_url}}<!--end when-->", result, {
      baseUrl: "https://go.example.org",
      input: "issue/123",
    });
    expect(html).toBe("https://go.example.org/issue/123");
  });
});

describe("explain: placeholder links", () => {
  it("shows the match's kind and each captured value, case kept", async () => {
    const explainer = await createExplainer(root);
    if (!explainer.ok) throw new Error("the instance builds");
    const e = await explainer.explain({ path: "/Issue/0042", at: NOW });
    expect(e.match).toEqual({
      kind: "placeholder",
      slug: "issue/:id",
      file: "custom/links/links.yaml",
      line: 1,
      params: { id: "0042" },
    });
    expect(e.outcome.location).toBe("https://github.com/golang/go/issues/0042");
    expect(formatExplanation(e)).toContain('    :id       "0042"');
  });
});
