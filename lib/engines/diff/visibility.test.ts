/**
 * A link's visibility in review (docs/private-links.md): moving into or out of an access zone is a
 * change of visibility, and a private link made public is SL537 unless the change acknowledges it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestRepo, yamlRows, type TestRepo } from "../../../test/support/git-repo.js";
import { diffInstance } from "./diff-instance.js";
import { formatDiffText } from "./format-text.js";
import type { DiffReport } from "./report.js";

const AT = new Date("2030-01-01T00:00:00Z");
const repos: TestRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

const site = (prefix: string) =>
  [
    "site_name: T",
    "base_url: https://go.example.org",
    "access:",
    "  zones:",
    "    - name: staff",
    `      prefix: ${prefix}`,
    "      aud: 0123456789abcdef",
    "",
  ].join("\n");

const ONCALL = { slug: "staff/oncall", target: "https://oncall.example.com/" };

function repo(prefix: string): TestRepo {
  const r = createTestRepo({
    "custom/site.yaml": site(prefix),
    "custom/links/a.yaml": yamlRows([ONCALL]),
  });
  repos.push(r);
  return r;
}

const diff = (r: TestRepo) => diffInstance({ root: r.root, base: "HEAD", at: AT });
const found = (report: DiffReport) =>
  report.problems.map((p) => `${p.code} ${p.severity} ${p.file}:${p.line}`);

describe("SL537: a private link becomes public", () => {
  it("SL537: the zone's prefix moving away from a link makes it public: an error at its row", async () => {
    const r = repo("/staff");
    r.write({ "custom/site.yaml": site("/team") });
    const report = await diff(r);
    expect(found(report)).toEqual(["SL537 error custom/links/a.yaml:1"]);
    expect(report.problems[0].message).toContain("was private at BASE (zone staff)");
    expect(formatDiffText(report).join("\n")).toContain(
      "visibility: private (zone staff) -> public",
    );
  });

  it("SL537: an acknowledgement in the change lets it through, shown as SL805", async () => {
    const r = repo("/staff");
    r.write({
      "custom/site.yaml": site("/team"),
      "custom/acknowledgements.yaml": yamlRows([
        { slug: "staff/oncall", rules: ["SL537"], reason: "the rota is public now" },
      ]),
    });
    const report = await diff(r);
    expect(report.problems.map((p) => p.code)).toEqual(["SL805"]);
    expect(report.problems[0].message).toContain("SL537 acknowledged");
  });

  it("SL537: a public link made private is a change of visibility, not a problem", async () => {
    const r = repo("/team");
    r.write({ "custom/site.yaml": site("/staff") });
    const report = await diff(r);
    expect(report.problems).toEqual([]);
    expect(report.links.changed.map((c) => c.fields.zone)).toEqual([[null, "staff"]]);
    expect(formatDiffText(report).join("\n")).toContain(
      "visibility: public -> private (zone staff)",
    );
  });
});
