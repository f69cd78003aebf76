/**
 * `diff` on throwaway git repositories: commit an instance, change the work tree, compare.
 * Each test names the kind of change it pins.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { yamlRows } from "../../../test/support/git-repo.js";
import { codes, diff, slugs, useDiffRepos } from "../../../test/support/diff-repos.js";

const repo = useDiffRepos();

describe("diff: links", () => {
  it("added, removed and changed links, with the fields that changed and file:line on each side", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "blog", target: "https://blog.example.com/", state: "retired" },
        { slug: "team", target: "https://team.example.com/", description: "Team" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "team", target: "https://team.example.com/", description: "The team" },
        { slug: "docs", target: "https://docs.example.com/v2", status: 307 },
        { slug: "news", target: "https://news.example.com/" },
      ]),
    });
    const report = await diff(r);
    expect(slugs(report.links.added)).toEqual(["news"]);
    expect(report.links.added[0]).toMatchObject({
      target: "https://news.example.com/",
      status: 302,
      state: "active",
      file: "custom/links/a.yaml",
      line: 7,
    });
    expect(slugs(report.links.removed)).toEqual(["blog"]);
    expect(report.links.removed[0]).toMatchObject({ state: "retired", line: 3 });
    expect(report.links.changed).toEqual([
      expect.objectContaining({
        slug: "docs",
        fields: {
          target: ["https://docs.example.com/", "https://docs.example.com/v2"],
          status: [302, 307],
        },
        before: expect.objectContaining({ file: "custom/links/a.yaml", line: 1 }),
        after: expect.objectContaining({ file: "custom/links/a.yaml", line: 4 }),
      }),
      expect.objectContaining({ slug: "team", fields: { description: ["Team", "The team"] } }),
    ]);
    // The retired link's removal is allowed: it was no longer active.
    expect(report.problems).toEqual([]);
  });

  it("a row moved to another file, and a renamed file, are moves (a `file` change), not remove and add", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "blog", target: "https://blog.example.com/" },
      ]),
      "custom/links/old.csv": "slug,target\npricing,https://example.com/pricing\n",
    });
    r.git("mv", "custom/links/old.csv", "custom/links/renamed.csv");
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]),
      "custom/links/b.yaml": yamlRows([{ slug: "Blog", target: "https://blog.example.com/" }]),
    });
    const report = await diff(r);
    expect(report.links.added).toEqual([]);
    expect(report.links.removed).toEqual([]);
    expect(report.links.changed.map((c) => [c.slug, c.fields])).toEqual([
      ["Blog", { slug: ["blog", "Blog"], file: ["custom/links/a.yaml", "custom/links/b.yaml"] }],
      ["pricing", { file: ["custom/links/old.csv", "custom/links/renamed.csv"] }],
    ]);
    expect(report.routing).toEqual([]);
    expect(report.problems).toEqual([]);
  });
});

describe("diff: routing, hosts and schedules", () => {
  it("paths newly caught or released by a splat, and exact links newly shadowing or shadowed", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "gh/*", target: "https://github.com/:splat" },
        { slug: "gh/acme", target: "https://acme.example.com/" },
        { slug: "docs/*", target: "https://docs.example.com/" },
        { slug: "wiki", target: "https://wiki.example.com/" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "gh/*", target: "https://github.com/:splat" },
        { slug: "gh/tool", target: "https://tool.example.com/" },
        { slug: "wiki/*", target: "https://wiki.example.org/" },
        { slug: "wiki", target: "https://wiki.example.com/" },
      ]),
      "custom/acknowledgements.yaml": yamlRows([
        { slug: "gh/acme", rules: ["SL801"], reason: "acme moved to GitHub" },
        { slug: "docs/*", rules: ["SL801"], reason: "docs namespace closed" },
      ]),
    });
    const report = await diff(r);
    const rows = report.routing.map((c) => [c.path, c.before.status, c.after.status, c.cause]);
    expect(rows).toEqual([
      ["/docs", 302, 404, "released"],
      ["/gh/acme", 302, 302, "caught"],
      ["/gh/tool", 302, 302, "shadowed"],
    ]);
    const acme = report.routing.find((c) => c.path === "/gh/acme")!;
    expect(acme.before).toEqual({ status: 302, location: "https://acme.example.com/" });
    expect(acme.after).toEqual({ status: 302, location: "https://github.com/acme" });
    expect(acme.before_match).toMatchObject({ kind: "exact", slug: "gh/acme", line: 3 });
    expect(acme.after_match).toMatchObject({ kind: "splat", slug: "gh/*", line: 1 });
    // `wiki/*` catches /wiki/... but /wiki itself stays the exact link's: no routing change there.
    expect(report.routing.some((c) => c.path === "/wiki")).toBe(false);
    expect(codes(report).every((c) => c.startsWith("SL805"))).toBe(true);
  });

  it("placeholder links are sampled: a path the new pattern catches from a splat, with its value", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "issue/*", target: "https://example.com/search" },
        { slug: "issue/:id", target: "https://example.com/old/:id" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "issue/*", target: "https://example.com/search" },
        { slug: "issue/:id", target: "https://example.com/new/:id" },
        { slug: "cl/:cl", target: "https://example.com/cl/:cl", params: { cl: { min: 7 } } },
      ]),
    });
    const report = await diff(r);
    const rows = report.routing.map((c) => [c.path, c.before.location, c.after.location, c.cause]);
    expect(rows).toEqual([
      ["/cl/7", undefined, "https://example.com/cl/7", "added"],
      [
        "/issue/sample",
        "https://example.com/old/sample",
        "https://example.com/new/sample",
        "changed",
      ],
    ]);
    expect(report.links.changed.map((c) => c.fields)).toEqual([
      { target: ["https://example.com/old/:id", "https://example.com/new/:id"] },
    ]);
  });

  it("with trailing_slash: strict, /x and /x/ are two paths: a change to one leaves the other", async () => {
    const site = "site_name: T\nbase_url: https://go.example.org\ntrailing_slash: strict\n";
    const r = repo({
      "custom/site.yaml": site,
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://example.com/docs" },
        { slug: "docs/", target: "https://example.com/docs-home" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://example.com/docs" },
        { slug: "docs/", target: "https://example.com/docs-index" },
      ]),
    });
    const report = await diff(r);
    expect(report.links.changed.map((c) => c.slug)).toEqual(["docs/"]);
    expect(report.routing.map((c) => [c.path, c.after.location])).toEqual([
      ["/docs/", "https://example.com/docs-index"],
    ]);
  });

  it("outcomes change with state and schedule; a new link answers where there was a 404", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "promo", target: "https://example.com/promo" },
        { slug: "sale", target: "https://example.com/sale" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "promo", target: "https://example.com/promo", state: "paused" },
        {
          slug: "sale",
          target: "https://example.com/sale",
          schedule: { label: "sale", start: "2030-02-01T00:00:00Z" },
        },
        { slug: "new", target: "https://example.com/new" },
      ]),
    });
    const report = await diff(r);
    expect(report.routing).toEqual([
      expect.objectContaining({ path: "/new", before: { status: 404, page: "not-found" } }),
      expect.objectContaining({
        path: "/promo",
        after: { status: 503, page: "paused" },
        cause: "changed",
      }),
      expect.objectContaining({ path: "/sale", after: { status: 404, page: "scheduled" } }),
    ]);
  });

  it("publishing a page is a site change: a disabled link's path now answers the page", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "privacy", target: "https://example.org/old-policy", state: "disabled" },
        { slug: "docs", target: "https://docs.example.com/" },
      ]),
    });
    r.write({
      "custom/site.yaml":
        "site_name: T\nbase_url: https://go.example.org\n" +
        "contacts: { privacy: mailto:privacy@go.example.org }\npages: { privacy: published }\n",
    });
    const report = await diff(r);
    expect(report.routing).toEqual([
      expect.objectContaining({
        path: "/privacy",
        before: { status: 404, page: "not-found" },
        after: { status: 200, page: "privacy" },
        cause: "site",
      }),
    ]);
  });

  it("a path a link BASE had now reaches through the site's matching is a site change, not an added link", async () => {
    const r = repo({
      "custom/site.yaml": "site_name: T\nbase_url: https://go.example.org\ncase_sensitive: true\n",
      "custom/links/a.yaml": yamlRows([{ slug: "Docs", target: "https://docs.example.com/" }]),
    });
    r.write({ "custom/site.yaml": "site_name: T\nbase_url: https://go.example.org\n" });
    const report = await diff(r);
    expect(report.routing).toEqual([
      expect.objectContaining({
        path: "/docs",
        before: { status: 404, page: "not-found" },
        after: { status: 302, location: "https://docs.example.com/" },
        cause: "site",
      }),
    ]);
  });

  it("destination hosts: another registrable domain is flagged, a sibling subdomain is not", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        { slug: "a", target: "https://docs.example.com/x" },
        { slug: "b", target: "https://alice.github.io/site" },
        { slug: "c", target: "https://example.com/same" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "a", target: "https://help.example.com/x" },
        { slug: "b", target: "https://bob.github.io/site" },
        { slug: "c", target: "https://example.com/other-path" },
      ]),
    });
    const report = await diff(r);
    expect(report.host_changes.map((h) => [h.slug, h.before, h.after, h.domain_changed])).toEqual([
      ["b", "alice.github.io", "bob.github.io", true],
      ["a", "docs.example.com", "help.example.com", false],
    ]);
  });

  it("schedule starts and ends within --days of --at, at either commit", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        {
          slug: "a",
          target: "https://e.example/a",
          schedule: { label: "a", start: "2030-01-03T00:00:00Z" },
        },
        {
          slug: "b",
          target: "https://e.example/b",
          schedule: { label: "b", end: "2030-01-05T12:00:00+02:00" },
        },
        {
          slug: "far",
          target: "https://e.example/f",
          schedule: { label: "f", start: "2030-03-01T00:00:00Z" },
        },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        {
          slug: "a",
          target: "https://e.example/a",
          schedule: { label: "a", start: "2030-01-06T00:00:00Z" },
        },
        {
          slug: "b",
          target: "https://e.example/b",
          schedule: { label: "b", end: "2030-01-05T12:00:00+02:00" },
        },
        {
          slug: "far",
          target: "https://e.example/f",
          schedule: { label: "f", start: "2030-03-01T00:00:00Z" },
        },
      ]),
    });
    const week = await diff(r);
    expect(week.schedule_events.map((e) => [e.slug, e.event, e.at, e.side])).toEqual([
      ["a", "start", "2030-01-03T00:00:00.000Z", "base"],
      ["b", "end", "2030-01-05T10:00:00.000Z", "both"],
      ["a", "start", "2030-01-06T00:00:00.000Z", "head"],
    ]);
    const short = await diff(r, { days: 3 });
    expect(short.schedule_events.map((e) => e.slug)).toEqual(["a"]);
  });
});

describe("diff: the base's copy out of git", () => {
  it("is removed after the diff, and when the head fails while the base is being copied", async () => {
    const r = repo({ "custom/links/a.csv": "slug,target\ndocs,https://docs.example.com/\n" });
    const previous = process.env.TMPDIR;
    const tmp = mkdtempSync(join(tmpdir(), "shortlinks-diff-tmp-"));
    process.env.TMPDIR = tmp;
    try {
      expect((await diff(r)).links.added).toEqual([]);
      // The head fails once the base's copy has begun (bounded wait for its folder).
      const failing = async () => {
        for (let i = 0; i < 400 && readdirSync(tmp).length === 0; i++)
          await new Promise((done) => setTimeout(done, 10));
        expect(readdirSync(tmp)).toHaveLength(1);
        throw new Error("the head does not compile");
      };
      await expect(diff(r, { compileHead: failing })).rejects.toThrow("does not compile");
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
