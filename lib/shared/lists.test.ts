/**
 * A list as long as the user's data never goes through a call's arguments (`push(...list)`,
 * `Math.max(...list)`): past about 120,000 items that overflows the stack. Each place that met
 * such a list is pinned here at 200,000; the lint rule in eslint.config.js keeps new ones out.
 */
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../runtime/contract/index.js";
import type { DiffReport } from "../engines/diff/report.js";
import { formatDiffMarkdown } from "../engines/diff/format-markdown.js";
import { formatDiffText } from "../engines/diff/format-text.js";
import { formatReport } from "../engines/health/format-report.js";
import type { HealthResult } from "../engines/health/types.js";
import { appendAll } from "./lists.js";
import { fieldLimitProblems } from "../stages/1-sources/links/limits.js";

const MANY = 200_000;

describe("lists as long as the user's data", () => {
  it("appendAll adds 200,000 items in order and returns the list it was given", () => {
    const list = [-1];
    const items = Array.from({ length: MANY }, (_, i) => i);
    expect(appendAll(list, items)).toBe(list);
    expect(list).toHaveLength(MANY + 1);
    expect(list[MANY]).toBe(MANY - 1);
  });

  it("SL110: a row with 200,000 tags is refused, not a crash", () => {
    const tags = Array.from({ length: MANY }, (_, i) => `t${i}`);
    const problems = fieldLimitProblems({
      file: "custom/links/a.yaml",
      line: 1,
      value: { slug: "a", target: "https://example.com/", tags },
      fieldLines: {},
    });
    expect(problems.map((d) => d.code)).toEqual(["SL110"]);
  });

  it("health: a report of 200,000 links is aligned", () => {
    const results: HealthResult[] = Array.from({ length: MANY }, (_, i) => ({
      slug: `s${i}`,
      target: `https://example.com/${i}`,
      class: "ok",
      status: 200,
      chain: [],
      final_url: `https://example.com/${i}`,
      problem: null,
      ms: 1,
    }));
    const lines = formatReport({ checked: MANY, results });
    expect(lines).toHaveLength(MANY + 3);
    expect(lines[1].indexOf("200")).toBe(lines[MANY].indexOf("200"));
  });

  it("diff --markdown: a target with 200,000 backtick runs is one code span", () => {
    const target = `https://example.com/${"`a".repeat(MANY)}`;
    const text = formatDiffMarkdown(report([link(0, target)]));
    expect(text).toContain("| ``https://example.com/`a`a");
  });

  it("diff: 200,000 links added are listed", () => {
    const added = Array.from({ length: MANY }, (_, i) => link(i));
    const lines = formatDiffText(report(added));
    expect(lines.filter((l) => l.startsWith("  + "))).toHaveLength(MANY);
  });
});

function link(i: number, target = `https://example.com/${i}`): LinkRecord {
  return {
    kind: "exact",
    slug: `s${i}`,
    key: `s${i}`,
    target,
    status: 302,
    state: "active",
    forward_query: true,
    file: "custom/links/a.yaml",
    line: i + 1,
  };
}

function report(added: LinkRecord[]): DiffReport {
  return {
    base: "HEAD",
    base_commit: "0123456789abcdef0123456789abcdef01234567",
    head: "worktree",
    at: "2030-01-01T00:00:00.000Z",
    days: 7,
    links: { added, removed: [], changed: [] },
    routing: [],
    host_changes: [],
    route_changes: [],
    schedule_events: [],
    problems: [],
  };
}
