/**
 * `diff` of links with routes: what a change does to routes, on throwaway git repositories.
 */
import { describe, expect, it } from "vitest";
import { yamlRows } from "../../../test/support/git-repo.js";
import { diff, useDiffRepos } from "../../../test/support/diff-repos.js";

const repo = useDiffRepos();

describe("diff: routes", () => {
  const ios = { device: ["ios"] };
  it("routes added, removed, reordered and retargeted, and the destination hosts they add", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([
        {
          slug: "app",
          target: "https://example.com/get",
          routes: [
            { id: "apple", when: ios, target: "https://apps.apple.com/app/id1" },
            { when: { country: ["FR"] }, target: "https://example.com/fr" },
            { id: "old", when: { country: ["DE"] }, target: "https://de.example.com/" },
          ],
        },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "news", target: "https://news.example.com/" },
        {
          slug: "app",
          target: "https://example.com/get",
          routes: [
            { when: { country: ["fr"] }, target: "https://example.com/fr" },
            { id: "apple", when: ios, target: "https://apps.apple.com/app/id2" },
            {
              id: "android",
              when: { device: ["android"] },
              split: [
                { weight: 1, target: "https://play.google.com/store/apps/details?id=x" },
                { weight: 1, target: "https://apps.example.net/x" },
              ],
            },
          ],
        },
      ]),
    });
    const report = await diff(r);
    expect(report.links.changed.map((c) => [c.slug, Object.keys(c.fields)])).toEqual([
      ["app", ["routes"]],
    ]);
    expect(report.route_changes).toEqual([
      {
        slug: "app",
        file: "custom/links/a.yaml",
        line: 3,
        added: [
          {
            route: "android",
            line: 5,
            targets: [
              "https://play.google.com/store/apps/details?id=x (weight 1)",
              "https://apps.example.net/x (weight 1)",
            ],
          },
        ],
        removed: [{ route: "old", line: 3, targets: ["https://de.example.com/"] }],
        retargeted: [
          {
            route: "apple",
            line: 5,
            before: ["https://apps.apple.com/app/id1"],
            after: ["https://apps.apple.com/app/id2"],
          },
        ],
        reordered: { before: ["apple", "route 2"], after: ["route 1", "apple"] },
        new_hosts: ["apps.example.net", "play.google.com"],
      },
    ]);
    // The published answer of /app is its default target, which did not change.
    expect(report.routing.map((c) => c.path)).toEqual(["/news"]);
  });

  it("a row that only moved keeps its routes unchanged (lines are not compared)", async () => {
    const row = {
      slug: "app",
      target: "https://example.com/get",
      routes: [{ when: ios, target: "https://apps.apple.com/app/id1" }],
    };
    const r = repo({ "custom/links/a.yaml": yamlRows([row]) });
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "first", target: "https://e.example/" }, row]),
    });
    const report = await diff(r);
    expect(report.links.changed).toEqual([]);
    expect(report.route_changes).toEqual([]);
  });

  it("a new link's routes are all added, with the hosts beyond its own target's", async () => {
    const r = repo({
      "custom/links/a.yaml": yamlRows([{ slug: "x", target: "https://e.example/" }]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "x", target: "https://e.example/" },
        {
          slug: "app",
          target: "https://example.com/get",
          routes: [
            { when: ios, target: "https://apps.apple.com/app/id1" },
            { when: { country: ["FR"] }, target: "https://example.com/fr" },
          ],
        },
      ]),
    });
    const [change] = (await diff(r)).route_changes;
    expect(change.added.map((a) => a.route)).toEqual(["route 1", "route 2"]);
    expect(change.new_hosts).toEqual(["apps.apple.com"]);
  });

  it("the default target is the published answer: a route that holds at --at does not hide its change", async () => {
    // Every request since 2000 takes the route; the routing diff compares the link's own target.
    const routes = [{ when: { after: "2000-01-01T00:00:00Z" }, target: "https://example.com/b" }];
    const r = repo({
      "custom/links/a.yaml": yamlRows([{ slug: "p", target: "https://example.com/a", routes }]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "p", target: "https://example.com/z", routes }]),
    });
    const report = await diff(r);
    expect(report.routing.map((c) => [c.path, c.before.location, c.after.location])).toEqual([
      ["/p", "https://example.com/a", "https://example.com/z"],
    ]);
    expect(report.route_changes).toEqual([]);
  });
});
