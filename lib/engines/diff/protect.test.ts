/** The rules that protect published links (SL801-SL803) and their acknowledgements (SL805, SL806). */
import { afterEach, describe, expect, it } from "vitest";
import { createTestRepo, yamlRows, type TestRepo } from "../../../test/support/git-repo.js";
import { diffInstance } from "./diff-instance.js";
import type { DiffReport } from "./report.js";

const AT = new Date("2030-01-01T00:00:00Z");
const repos: TestRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

function repo(rows: Record<string, unknown>[]): TestRepo {
  const r = createTestRepo({ "custom/links/a.yaml": yamlRows(rows) });
  repos.push(r);
  return r;
}

const links = (r: TestRepo, rows: Record<string, unknown>[]) =>
  r.write({ "custom/links/a.yaml": yamlRows(rows) });
const acks = (r: TestRepo, rows: Record<string, unknown>[]) =>
  r.write({ "custom/acknowledgements.yaml": yamlRows(rows) });
const diff = (r: TestRepo) => diffInstance({ root: r.root, base: "HEAD", at: AT });
const found = (report: DiffReport) =>
  report.problems.map((p) => `${p.code} ${p.severity} ${p.file}:${p.line}`);

const DOCS = { slug: "docs", target: "https://docs.example.com/" };
const BLOG = { slug: "blog", target: "https://blog.example.com/" };

describe("SL801: an active link at BASE that disappears", () => {
  it("SL801: removing an active link is an error at its row at BASE; removing a retired or disabled one is not", async () => {
    const r = repo([
      BLOG,
      DOCS,
      { slug: "old", target: "https://old.example.com/", state: "retired" },
      { slug: "off", target: "https://off.example.com/", state: "disabled" },
    ]);
    links(r, [BLOG]);
    const report = await diff(r);
    expect(found(report)).toEqual(["SL801 error custom/links/a.yaml:3"]);
    expect(report.problems[0].message).toBe(
      'link "docs" (this row at BASE) was active and is gone: /docs now gets 404',
    );
    expect(report.problems[0].hint).toContain("state: retired");
  });

  it("SL801: retiring the link instead keeps a tombstone and passes", async () => {
    const r = repo([DOCS]);
    links(r, [{ ...DOCS, state: "retired" }]);
    const report = await diff(r);
    expect(report.problems).toEqual([]);
    expect(report.routing.map((c) => [c.path, c.after])).toEqual([
      ["/docs", { status: 410, page: "retired" }],
    ]);
  });

  it("SL801: a removed link whose path a splat now catches is still gone (another destination)", async () => {
    const r = repo([
      { slug: "gh/*", target: "https://github.com/:splat" },
      { slug: "gh/acme", target: "https://acme.example/" },
    ]);
    links(r, [{ slug: "gh/*", target: "https://github.com/:splat" }]);
    const report = await diff(r);
    expect(found(report)).toEqual(["SL801 error custom/links/a.yaml:3"]);
    expect(report.problems[0].message).toContain("302 → https://github.com/acme (splat link gh/*)");
  });

  it("SL801: site.yaml turning case sensitivity on leaves /docs unanswered for the slug Docs", async () => {
    const r = repo([{ slug: "Docs", target: "https://docs.example.com/" }, BLOG]);
    r.write({
      "custom/site.yaml": "site_name: T\nbase_url: https://go.example.org\ncase_sensitive: true\n",
    });
    const report = await diff(r);
    expect(report.links).toEqual({ added: [], removed: [], changed: [] });
    expect(report.routing).toEqual([
      expect.objectContaining({
        path: "/docs",
        before: { status: 302, location: "https://docs.example.com/" },
        after: { status: 404, page: "not-found" },
        cause: "site",
      }),
    ]);
    expect(found(report)).toEqual(["SL801 error custom/links/a.yaml:1"]);
    expect(report.problems[0].message).toContain("no longer answers /docs");
  });
});

describe("SL802 and SL803: a slug that comes back, a permanent redirect that moves", () => {
  it("SL802: a slug retired at BASE that comes back with another destination; back with the same one is fine", async () => {
    const r = repo([
      { slug: "promo", target: "https://example.com/2029", state: "retired" },
      { slug: "sale", target: "https://example.com/sale", state: "retired" },
      { slug: "kept", target: "https://example.com/kept", state: "retired" },
    ]);
    links(r, [
      { slug: "promo", target: "https://example.com/2030" },
      { slug: "sale", target: "https://example.com/sale" },
      { slug: "kept", target: "https://example.com/kept-elsewhere", state: "retired" },
    ]);
    expect(found(await diff(r))).toEqual(["SL802 error custom/links/a.yaml:1"]);
  });

  it("SL802: a slug whose removal BASE records comes back", async () => {
    const r = repo([DOCS, BLOG]);
    links(r, [BLOG]);
    acks(r, [{ slug: "docs", rules: ["SL801"], reason: "docs moved to the wiki" }]);
    r.commit("remove docs on purpose");
    links(r, [BLOG, { slug: "docs", target: "https://unrelated.example.net/" }]);
    const report = await diff(r);
    expect(found(report)).toEqual(["SL802 error custom/links/a.yaml:3"]);
    expect(report.problems[0].message).toContain("was removed before BASE");
  });

  it("SL802: a splat that now answers a slug retired at BASE, with another destination", async () => {
    const r = repo([
      { slug: "old-wiki", target: "https://wiki.example.com/", state: "retired" },
      BLOG,
    ]);
    links(r, [{ slug: "old-wiki/*", target: "https://elsewhere.example.net/" }, BLOG]);
    const report = await diff(r);
    expect(found(report)).toEqual(["SL802 error custom/links/a.yaml:1"]);
    expect(report.problems[0].message).toBe(
      'link "old-wiki" was retired at BASE (target https://wiki.example.com/); /old-wiki is now answered by splat link "old-wiki/*", pointing to https://elsewhere.example.net/',
    );
  });

  it("SL802: a splat that now answers a slug whose removal BASE records", async () => {
    const r = repo([DOCS, BLOG]);
    links(r, [BLOG]);
    acks(r, [{ slug: "docs", rules: ["SL801"], reason: "docs moved to the wiki" }]);
    r.commit("remove docs on purpose");
    links(r, [BLOG, { slug: "docs/*", target: "https://elsewhere.example.net/" }]);
    const report = await diff(r);
    expect(found(report)).toEqual(["SL802 error custom/links/a.yaml:3"]);
    expect(report.problems[0].message).toContain("/docs is now answered by splat link");
  });

  it("SL802: a splat that answers a retired slug with its old destination, or that the retired link still shadows, is fine", async () => {
    const r = repo([
      { slug: "a", target: "https://a.example.com/", state: "retired" },
      { slug: "b", target: "https://b.example.com/", state: "retired" },
    ]);
    links(r, [
      { slug: "a", target: "https://a.example.com/", state: "retired" },
      { slug: "a/*", target: "https://elsewhere.example.net/" },
      { slug: "b/*", target: "https://b.example.com/" },
    ]);
    expect(found(await diff(r))).toEqual([]);
  });

  it("SL803: a 301 splat whose remainder changes (append to drop): every path below it moves", async () => {
    const r = repo([{ slug: "gh/*", target: "https://github.com/example", status: 301 }]);
    links(r, [
      { slug: "gh/*", target: "https://github.com/example", status: 301, remainder: "drop" },
    ]);
    const report = await diff(r);
    expect(report.links.changed.map((c) => c.fields)).toEqual([{ remainder: [null, "drop"] }]);
    expect(found(report)).toEqual(["SL803 error custom/links/a.yaml:1"]);
    expect(report.problems[0].message).toContain("its remainder changes from append to drop");
  });

  it("SL803: a 301 or 308 link whose target changes; a 302's target or a 301's status may change", async () => {
    const r = repo([
      { slug: "a", target: "https://example.com/a", status: 301 },
      { slug: "b", target: "https://example.com/b", status: 308 },
      { slug: "c", target: "https://example.com/c" },
      { slug: "d", target: "https://example.com/d", status: 301 },
    ]);
    links(r, [
      { slug: "a", target: "https://example.com/a2", status: 301 },
      { slug: "b", target: "https://example.com/b2", status: 302 },
      { slug: "c", target: "https://example.com/c2" },
      { slug: "d", target: "https://example.com/d", status: 302 },
    ]);
    const report = await diff(r);
    expect(found(report)).toEqual([
      "SL803 error custom/links/a.yaml:1",
      "SL803 error custom/links/a.yaml:4",
    ]);
    expect(report.problems[0].message).toContain("permanent redirect (301)");
  });
});

describe("acknowledgements: yes, on purpose, with a reason", () => {
  it("SL805: an acknowledgement added by the change turns each rule's error into a warning that shows the reason", async () => {
    const r = repo([DOCS, { slug: "a", target: "https://example.com/a", status: 301 }]);
    links(r, [{ slug: "a", target: "https://example.com/a2", status: 301 }]);
    acks(r, [
      { slug: "docs", rules: ["SL801"], reason: "docs moved to the wiki" },
      { slug: "a", rules: ["SL803"], reason: "old page is gone for good" },
    ]);
    const report = await diff(r);
    expect(found(report)).toEqual([
      "SL805 warning custom/acknowledgements.yaml:1",
      "SL805 warning custom/acknowledgements.yaml:4",
    ]);
    expect(report.problems[0].message).toMatch(
      /^SL801 acknowledged for "docs": docs moved to the wiki/,
    );
  });

  it("SL806: an acknowledgement the change does not need; one already at BASE does not count again", async () => {
    const r = repo([{ slug: "a", target: "https://example.com/a", status: 301 }]);
    links(r, [{ slug: "a", target: "https://example.com/a2", status: 301 }]);
    acks(r, [{ slug: "a", rules: ["SL803"], reason: "first move" }]);
    r.commit("move a on purpose");
    links(r, [{ slug: "a", target: "https://example.com/a3", status: 301 }]);
    acks(r, [
      { slug: "a", rules: ["SL803"], reason: "first move" },
      { slug: "blog", rules: ["SL801"], reason: "never existed" },
    ]);
    const report = await diff(r);
    expect(found(report)).toEqual([
      "SL806 warning custom/acknowledgements.yaml:4",
      "SL803 error custom/links/a.yaml:1",
    ]);
  });
});
