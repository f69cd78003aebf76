/**
 * Which answer comes first on the routes of the domain's own pages (docs/pages.md): a custom
 * file, then a link, then the page, and a draft page never. Answered by `explain`, which runs the
 * worker's own engine over each compiled instance.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createExplainer } from "../lib/engines/explain/explain.js";
import { tinyInstance } from "./support/tiny-instance.js";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

async function explainer(links: string, site = "", files: Record<string, string> = {}) {
  const root = tinyInstance(
    "shortlinks-own-pages-",
    links,
    `site_name: Test\nbase_url: https://go.example.org\n${site}`,
  );
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const created = await createExplainer(root);
  if (!created.ok) throw new Error(JSON.stringify(created.diagnostics));
  return (path: string, headers?: Record<string, string>) => created.explain({ path, headers });
}

const DOCS = "- slug: docs\n  target: https://docs.example.com/\n";

describe("the domain's own pages: which answer comes first", () => {
  it("a home page kept a draft leaves / a 404, as before", async () => {
    const explain = await explainer(DOCS, "pages: { home: draft }\n");
    expect((await explain("/")).outcome).toEqual({ status: 404, page: "not-found" });
    expect((await explain("/fr")).outcome).toEqual({ status: 404, page: "not-found" });
  });

  it("custom/public/index.html answers / before the home page; /en stays the home page", async () => {
    const explain = await explainer(DOCS, "", {
      "custom/public/index.html": "<!doctype html><title>Ours</title><p>Our own home</p>",
    });
    const root = await explain("/");
    expect(root.outcome).toEqual({ status: 200 });
    expect(root.headers["content-security-policy"]).toMatch(/^sandbox /);
    expect((await explain("/en")).outcome).toEqual({ status: 200, page: "home" });
  });

  it("a disabled link on a page's route answers exactly as no link would: the page", async () => {
    const explain = await explainer(
      "- slug: privacy\n  target: https://example.org/p\n  state: disabled\n",
      "contacts: { privacy: mailto:privacy@go.example.org }\npages: { privacy: published }\n",
    );
    const answer = await explain("/privacy");
    expect(answer.outcome).toEqual({ status: 200, page: "privacy" });
    expect(answer.event?.kind).toBe("pageview");
  });

  it("/lookup follows the visitor, and the site's language without a preference", async () => {
    const explain = await explainer(DOCS, "default_lang: it\n");
    const fr = await explain("/lookup", { "accept-language": "fr" });
    expect(fr.headers["content-language"]).toBe("fr");
    const none = await explain("/lookup");
    expect([none.headers["content-language"], none.headers.vary]).toEqual([
      "it",
      "Accept-Language",
    ]);
  });

  it("security.txt exists only with a security contact; /security.txt is a miss without it", async () => {
    const without = await explainer(DOCS);
    expect((await without("/security.txt")).outcome.status).toBe(404);
    expect((await without("/.well-known/security.txt")).outcome.status).toBe(404);
    const withContact = await explainer(DOCS, "contacts: { security: mailto:s@go.example.org }\n");
    expect((await withContact("/security.txt")).outcome).toEqual({
      status: 308,
      location: "/.well-known/security.txt",
    });
    expect((await withContact("/.well-known/security.txt")).outcome).toEqual({ status: 200 });
  });
});
