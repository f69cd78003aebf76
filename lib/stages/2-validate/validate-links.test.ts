import { describe, expect, it } from "vitest";
import { TEST_POLICY } from "../../../test/support/policy.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import { readsBeyondItsAnswer, validateLinks } from "./validate-links.js";
import { buildRegistry } from "../3-registry/build-registry.js";
import { shardOf } from "../../../runtime/registry/shard-of.js";
import { recordLine, shardText } from "../../../runtime/registry/shard-format.js";

const POLICY = TEST_POLICY;

let line = 0;
const row = (slug: string, extra: Partial<SourceLink> = {}): SourceLink => ({
  slug,
  target: "https://example.com/",
  file: "custom/links/links.yaml",
  line: ++line,
  fieldLines: {},
  ...extra,
});

const run = (links: SourceLink[], caseSensitive = false, staticPaths: string[] = []) =>
  validateLinks({
    links,
    site: { case_sensitive: caseSensitive, default_status: 302 },
    policy: POLICY,
    staticPaths,
  });

describe("SL303: a slug the scanner-probe guard answers first is unreachable", () => {
  const probes = { prefixes: ["/wp-admin"], suffixes: [".php"], exact: ["/owa"], contains: [] };
  const withProbes = (links: SourceLink[]) =>
    validateLinks({
      links,
      site: { case_sensitive: false, default_status: 302 },
      policy: { ...POLICY, probes },
      staticPaths: [],
    });

  it("an exact slug, or a splat whose every path, the probe list answers is refused", () => {
    const { links, diagnostics } = withProbes([
      row("OWA"),
      row("x.php"),
      row("wp-admin/*"),
      row("owa/*"),
      row("docs"),
    ]);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["SL303", 'link "OWA": /owa is answered as a scanner probe (a plain 404 before any link)'],
      [
        "SL303",
        'link "x.php": /x.php is answered as a scanner probe (a plain 404 before any link)',
      ],
      [
        "SL303",
        'link "wp-admin/*": /wp-admin/… is answered as a scanner probe (a plain 404 before any link)',
      ],
    ]);
    expect(links.map((l) => l.slug)).toEqual(["owa/*", "docs"]);
  });
});

describe("validateLinks", () => {
  it("applies defaults: site status, active, forward_query true; splat key without /*", () => {
    const { links, diagnostics } = run([
      row("docs"),
      row("gh/*", { target: "https://github.com/:splat", status: 301 }),
    ]);
    expect(diagnostics).toEqual([]);
    expect(links.map((l) => [l.kind, l.key, l.status, l.state, l.forward_query])).toEqual([
      ["exact", "docs", 302, "active", true],
      ["splat", "gh", 301, "active", true],
    ]);
  });

  it.each([
    ["SL305", [row("docs"), row("DOCS")], false],
    ["SL306", [row("docs"), row("DOCS")], true],
    ["SL307", [row("gh/*"), row("gh/x")], false],
    ["SL308", [row("gh/*"), row("gh/a/*")], false],
    ["SL303", [row("_stats/x")], false],
    ["SL212", [row("de/*")], false],
    ["SL208", [row("s", { target: "https://bit.ly/x" })], false],
    ["SL210", [row("s", { target: "https://example.com/a.EXE" })], false],
    ["SL311", [row("g/*", { schedule: { label: "l", start: "2026-01-01T00:00:00Z" } })], false],
    ["SL313", [row("s", { schedule: { label: "l" } })], false],
  ])("%s is reported", (code, links, caseSensitive) => {
    expect(run(links, caseSensitive).diagnostics.map((d) => d.code)).toContain(code);
  });

  it("SL305 names both places, and keeps only the first link", () => {
    const first = row("docs");
    const second = row("Docs");
    const { links, diagnostics } = run([first, second]);
    expect(links).toHaveLength(1);
    expect(diagnostics[0].message).toContain(`custom/links/links.yaml:${first.line}`);
    expect(diagnostics[0].line).toBe(second.line);
  });

  it.each([
    ["ΟΔΟΣ", "οδοσ"],
    ["οδος", "οδοσ"],
    ["STRASSE", "straße"],
    ["ﬁle", "FILE"],
  ])(
    "SL305: %s and %s are one slug under full case folding (final sigma, sharp s, ligatures)",
    (a, b) => {
      const { links, diagnostics } = run([row(a), row(b)]);
      expect(diagnostics.map((d) => d.code)).toEqual(["SL305"]);
      expect(links.map((l) => l.slug)).toEqual([a]);
    },
  );

  it("SL306: on a case-sensitive site, slugs that differ only under case folding are reported", () => {
    expect(run([row("ΟΔΟΣ"), row("οδοσ")], true).diagnostics.map((d) => d.code)).toEqual(["SL306"]);
  });

  it.each([
    ["SL304", "hello", "/hello.html"],
    ["SL304", "hello.html", "/hello.html"],
    ["SL310", "docs/*", "/docs/guide.html"],
  ])("%s: %s collides with static %s", (code, slug, path) => {
    expect(run([row(slug)], false, [path]).diagnostics.map((d) => d.code)).toEqual([code]);
  });

  it("a :splat target is checked with a sample segment", () => {
    expect(
      run([row("x/*", { target: "https://example.com/:splat.exe" })]).diagnostics.map(
        (d) => d.code,
      ),
    ).toEqual(["SL210"]);
  });
});

describe("a validated record is its own shard line", () => {
  it("every kind of record opens with kind and key, so recordLine stringifies it as it is", () => {
    const { links } = run([
      row("docs", { schedule: { label: "launch", start: "2020-01-01T00:00:00Z" } }),
      row("team/*", { target: "https://example.com/:splat" }),
      row("u/:name", { target: "https://example.com/:name" }),
    ]);
    expect(links.map((l) => l.kind)).toEqual(["exact", "splat", "placeholder"]);
    for (const link of links) {
      expect(Object.keys(link).slice(0, 2)).toEqual(["kind", "key"]);
      expect(recordLine(link)).toBe(JSON.stringify(link));
    }
  });
});

describe("buildRegistry", () => {
  it("puts each link in the shard of its key, in the links' order in the shard text, with splat depths", () => {
    const links = run(
      Array.from({ length: 600 }, (_, i) => row(i % 100 === 0 ? `ns${i}/a/*` : `l${i}`)),
    ).links;
    const { manifest, shards } = buildRegistry(links, false);
    expect(manifest).toMatchObject({
      shard_count: 10, // ceil(600 / 64)
      exact_count: 594,
      splat_count: 6,
      splat_depths: [2],
    });
    shards.forEach((shard, i) => {
      const records = shardText(shard)
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => JSON.parse(line) as { kind: string; key: string });
      const keys = (kind: string) => records.filter((r) => r.kind === kind).map((r) => r.key);
      const placed = (kind: string) =>
        links.filter((l) => l.kind === kind && shardOf(l.key, 10) === i).map((l) => l.key);
      for (const kind of ["exact", "splat"]) expect(keys(kind)).toEqual(placed(kind));
      expect(records).toHaveLength(shard.exact.length + shard.splat.length);
    });
  });

  it("an empty registry still has one shard", () => {
    expect(buildRegistry([], true).manifest).toMatchObject({
      shard_count: 1,
      case_sensitive: true,
      splat_depths: [],
    });
  });
});

describe("a row's answer stands in for the row", () => {
  it("validation given each answer, and the file alone for a row readsBeyondItsAnswer leaves out, gives what it gives with every row", () => {
    const domains = ["go.example.org", "old.example.org"].map((host, i) => ({
      host,
      written: host,
      line: i + 1,
      fieldLines: {},
    }));
    const rows = [
      row("docs"),
      row("docs", { domain: "old.example.org", fieldLines: { domain: 40 } }),
      row("both", { domains: ["go.example.org", "old.example.org"] }),
      row("gone", { state: "retired", successor: "docs", fieldLines: { successor: 41 } }),
      row("lost", { state: "retired", successor: "nowhere", fieldLines: { successor: 42 } }),
      row("app", {
        routes: [{ when: { device: ["ios"] }, target: "https://apps.example.com/" }],
      } as Partial<SourceLink>),
      row("Docs"),
    ];
    const site = { case_sensitive: false, default_status: 302 as const };
    const input = { site, policy: POLICY, staticPaths: [], domains };
    const answers: ReturnType<NonNullable<Parameters<typeof validateLinks>[0]["memo"]>>[] = [];
    const whole = validateLinks({
      ...input,
      links: rows,
      memo: (_link, compute) => {
        const answer = compute();
        answers.push(answer);
        return answer;
      },
    });
    const standIns = rows.map((r) =>
      readsBeyondItsAnswer(r) ? r : ({ file: r.file } as SourceLink),
    );
    let i = 0;
    const answered = validateLinks({ ...input, links: standIns, memo: () => answers[i++] });
    expect(standIns.filter((r) => r.slug !== undefined)).toHaveLength(5);
    expect(whole.diagnostics.map((d) => d.code)).toContain("SL130");
    expect(answered).toEqual(whole);
  });
});
