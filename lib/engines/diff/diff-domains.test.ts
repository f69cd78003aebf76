/**
 * `diff` on an instance that lists several hosts (docs/domains.md): each host is compared with
 * its own links, the same slug on two hosts is two links, and what changes on another host than
 * the default one is named with its host.
 */
import { describe, expect, it } from "vitest";
import { yamlRows } from "../../../test/support/git-repo.js";
import { diff, slugs, useDiffRepos } from "../../../test/support/diff-repos.js";
import { formatDiffText } from "./format-text.js";

const repo = useDiffRepos();

const SITE = `site_name: Fixture
base_url: https://go.example.org
domains:
  - go.example.org
  - old.example.org
`;

describe("diff: several hosts", () => {
  it("a change on one host is named with its host; the same slug on the default host is untouched", async () => {
    const r = repo({
      "custom/site.yaml": SITE,
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "docs", target: "https://legacy.example.com/docs", domain: "old.example.org" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "docs", target: "https://legacy.example.com/v2", domain: "old.example.org" },
      ]),
    });
    const report = await diff(r);
    expect(report.links.changed.map((c) => [c.after.domain, c.fields])).toEqual([
      [
        "old.example.org",
        { target: ["https://legacy.example.com/docs", "https://legacy.example.com/v2"] },
      ],
    ]);
    expect(report.routing.map((c) => [c.path, c.after.location])).toEqual([
      ["old.example.org/docs", "https://legacy.example.com/v2"],
    ]);
    expect(formatDiffText(report).join("\n")).toContain("~ old.example.org/docs  target:");
  });

  it("SL801: a link gone from another host is named with that host, while the default host's link of the same slug stays", async () => {
    const r = repo({
      "custom/site.yaml": SITE,
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "docs", target: "https://legacy.example.com/docs", domain: "old.example.org" },
      ]),
    });
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]),
    });
    const report = await diff(r);
    expect(slugs(report.links.removed)).toEqual(["docs"]);
    expect(report.links.removed[0].domain).toBe("old.example.org");
    expect(report.problems.map((p) => [p.code, p.message.slice(0, 20)])).toEqual([
      ["SL801", "on old.example.org: "],
    ]);
  });
});
