import { describe, expect, it } from "vitest";
import { TEST_POLICY } from "../../../test/support/policy.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import { validateLinks } from "./validate-links.js";

let line = 0;
const row = (slug: string, extra: Partial<SourceLink> = {}): SourceLink => ({
  slug,
  target: "https://example.com/",
  file: "custom/links/links.yaml",
  line: ++line,
  fieldLines: {},
  ...extra,
});

const run = (links: SourceLink[]) =>
  validateLinks({
    links,
    site: { case_sensitive: false, default_status: 302 },
    policy: TEST_POLICY,
    staticPaths: [],
  });

describe("SL130: a retired link's successor is a reachable exact link of the instance", () => {
  it("a retired link whose successor exists keeps it in its record, matched ignoring case", () => {
    const { links, diagnostics } = run([
      row("old", { state: "retired", successor: "New" }),
      row("new"),
    ]);
    expect(diagnostics).toEqual([]);
    expect(links[0].successor).toBe("New");
  });

  it.each([
    ["not retired", row("a", { successor: "new" }), "is set, but the link is active"],
    ["itself", row("a", { state: "retired", successor: "A" }), "is the link itself"],
    ["unknown", row("a", { state: "retired", successor: "nope" }), "is no link of this instance"],
    ["a splat", row("a", { state: "retired", successor: "gh/*" }), "is a splat link"],
    [
      "a placeholder link",
      row("a", { state: "retired", successor: "u/:id" }),
      "is a placeholder link",
    ],
    ["not a slug", row("a", { state: "retired", successor: "a//b" }), "is not a slug"],
    ["disabled", row("a", { state: "retired", successor: "off" }), "is disabled"],
    ["draft", row("a", { state: "retired", successor: "wip" }), "is draft"],
  ])("refused when it is %s", (_name, link, message) => {
    const lines = { ...link, fieldLines: { successor: 42 } };
    const { diagnostics } = run([
      lines,
      row("new"),
      row("gh/*"),
      row("u/:id", { target: "https://example.com/users/:id" }),
      row("off", { state: "disabled" }),
      row("wip", { state: "draft" }),
    ]);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["SL130", 42]]);
    expect(diagnostics[0].message).toContain(message);
  });
});
