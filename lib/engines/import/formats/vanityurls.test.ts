import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../../shared/diagnostics.js";
import { parseVanityUrls } from "./vanityurls.js";

const parse = (...lines: string[]) =>
  parseVanityUrls({
    text: lines.join("\n"),
    file: "v8s-links.txt",
    flavour: "cloudflare",
    caseSensitive: false,
  });
const said = (result: ReturnType<typeof parse>) => result.diagnostics.map(formatDiagnostic);
const row = (result: ReturnType<typeof parse>, slug: string) =>
  result.rows.find((r) => r.row.slug === slug)?.row;

describe("vanityURLs states map onto ours", () => {
  it("each state becomes its state and status here; an unknown state is refused at its line", () => {
    const result = parse(
      "a|example.com/a",
      "b|https://example.com/b|permanent",
      "c|https://example.com/c|ephemeral",
      "d|https://example.com/d|expired",
      "e|https://example.com/e|disabled",
      "f|https://example.com/f|maintenance",
      "g|https://example.com/g|deactivated",
      "h|https://example.com/h|archived",
    );
    expect(result.rows.map((r) => [r.row.slug, r.row.state, r.row.status])).toEqual([
      ["a", undefined, 301],
      ["b", undefined, 301],
      ["c", undefined, 302],
      ["d", "retired", undefined],
      ["e", "retired", undefined],
      ["f", "paused", undefined],
      ["g", "disabled", undefined],
    ]);
    expect(row(result, "a")?.target).toBe("https://example.com/a");
    expect(said(result)).toEqual([
      "v8s-links.txt:5: SL392 (warning) e: vanityURLs answers disabled with 403, shortlinks' retired page with 410",
      `v8s-links.txt:8: SL851 not imported: h: state "archived" is none of vanityURLs' states (permanent, ephemeral, expired, disabled, maintenance, deactivated)`,
    ]);
  });

  it("expires_at is the schedule's end (a date alone is UTC midnight); a splat link cannot take one", () => {
    const result = parse(
      "launch|https://example.com/l|ephemeral|||||2030-01-31",
      "old/*|https://example.com/:splat||||||2030-01-31",
      "gone/*|https://example.com/:splat|expired|||||2020-01-31",
    );
    expect(row(result, "launch")?.schedule).toEqual({
      label: "expires_at",
      end: "2030-01-31T00:00:00Z",
    });
    expect(row(result, "gone/*")).toMatchObject({ state: "retired" });
    expect(row(result, "gone/*")?.schedule).toBeUndefined();
    expect(said(result)).toEqual([
      "v8s-links.txt:2: SL851 not imported: old/*: a splat link cannot expire here (a schedule is for exact links, SL311): remove expires_at or list its paths as exact links",
      "v8s-links.txt:3: SL391 (warning) gone/*: expires_at not carried over (a splat link has no schedule here); the link stays retired",
      "v8s-links.txt:3: SL853 (info) shortlinks also answers /gone itself, which vanityURLs' gone/* leaves unmatched",
    ]);
  });

  it("the cells are trimmed, tags split on commas, cells past notes ignored and named", () => {
    const result = parse(" /a/ | example.com/a | | Title | Text | x, y ,| me |  | a note | stray ");
    expect(result.rows[0].row).toEqual({
      slug: "a",
      target: "https://example.com/a",
      status: 301,
      title: "Title",
      description: "Text",
      tags: ["x", "y"],
      owner: "me",
      notes: "a note",
    });
    expect(said(result)).toEqual([
      'v8s-links.txt:1: SL391 (warning) cell(s) past notes ignored, as vanityURLs ignores them: "stray"\n  hint: a | inside a title or a note starts a new cell in v8s-links.txt',
    ]);
  });
});

describe("@schedule directives become routes with a time condition", () => {
  it("rules first in order, then the 9to5 shortcut; the last timezone counts; a rule's own zone wins", () => {
    const result = parse(
      "desk|https://example.com/closed",
      "  @schedule 9to5=example.com/office",
      "  @schedule timezone=Europe/Paris",
      "  @schedule rule=late days=Fri,sat from=22:00 to=02:00 target=https://example.com/late",
      "  @schedule label=tokyo days=sun timezone=Asia/Tokyo from=08:00 to=09:00 target=https://example.com/t",
      "  @schedule timezone=America/Toronto",
    );
    expect(row(result, "desk")).toMatchObject({ status: 302 });
    expect(row(result, "desk")?.routes).toEqual([
      {
        id: "late",
        when: { time: { days: "fri-sat", from: "22:00", to: "02:00", tz: "America/Toronto" } },
        target: "https://example.com/late",
      },
      {
        id: "tokyo",
        when: { time: { days: "sun", from: "08:00", to: "09:00", tz: "Asia/Tokyo" } },
        target: "https://example.com/t",
      },
      {
        id: "9to5",
        when: { time: { days: "mon-fri", from: "09:00", to: "17:00", tz: "America/Toronto" } },
        target: "https://example.com/office",
      },
    ]);
    expect(said(result)).toEqual([
      "v8s-links.txt:1: SL392 (warning) desk: vanityURLs answers this permanent link with 301; with routes shortlinks sends 302 (a browser keeps a 301 and would never see the next window, SL372)",
    ]);
  });

  it("default= replaces the line's target, and says so; no timezone means UTC", () => {
    const result = parse(
      "meet|https://example.com/x|ephemeral",
      "@schedule default=example.com/home",
      "@schedule 9to5=https://example.com/work",
    );
    expect(row(result, "meet")).toMatchObject({
      target: "https://example.com/home",
      status: 302,
      routes: [{ id: "9to5", when: { time: { tz: "UTC" } } }],
    });
    expect(said(result)).toEqual([
      "v8s-links.txt:2: SL391 (warning) meet: default= replaces the line's target https://example.com/x, as in vanityURLs",
    ]);
  });

  it("what cannot be mapped refuses the link, each @schedule line named with its reason", () => {
    const result = parse(
      "@schedule 9to5=https://example.com/early",
      "a|https://example.com/a",
      "  @schedule rule=r days=mon,funday from=9:00 to=17:00 target=https://example.com/r",
      "b/*|https://example.com/:splat",
      "  @schedule 9to5=https://example.com/b",
      "c|https://example.com/c",
      "  @schedule timezone=UTC",
      "d||permanent",
      "  @schedule 9to5=https://example.com/d",
      "e|https://example.com/e",
      "  @schedule days=mon from=09:00 to=10:00 target=https://example.com/e",
      "f|https://example.com/f",
      "  @schedule rule=x nonsense",
      "g|https://example.com/g",
      "  @schedule rule=g days=mon",
    );
    expect(result.rows).toEqual([]);
    expect(said(result)).toEqual([
      "v8s-links.txt:1: SL390 @schedule must follow a link line, as in vanityURLs",
      "v8s-links.txt:3: SL390 a: @schedule rule r: unknown day(s) fun; from=9:00 is not HH:MM",
      "v8s-links.txt:2: SL851 not imported: a: its @schedule lines cannot be mapped (SL390)",
      "v8s-links.txt:5: SL390 b/*: @schedule applies to exact links only, as in vanityURLs (its build refuses it)",
      "v8s-links.txt:4: SL851 not imported: b/*: its @schedule lines cannot be mapped (SL390)",
      "v8s-links.txt:7: SL390 c: the @schedule lines hold no rule (vanityURLs refuses the file)",
      "v8s-links.txt:6: SL851 not imported: c: its @schedule lines cannot be mapped (SL390)",
      "v8s-links.txt:8: SL851 not imported: d: no target",
      "v8s-links.txt:9: SL390 @schedule of the link on line 8, which is not imported",
      "v8s-links.txt:11: SL390 e: @schedule rule without rule=LABEL or label=LABEL",
      "v8s-links.txt:10: SL851 not imported: e: its @schedule lines cannot be mapped (SL390)",
      'v8s-links.txt:13: SL390 f: @schedule option "nonsense" is not key=value',
      // As in vanityURLs: the one key=value left is read as a shortcut named rule.
      "v8s-links.txt:13: SL391 (warning) f: @schedule rule=... is no shortcut vanityURLs knows (only 9to5); it ignores it too",
      "v8s-links.txt:12: SL851 not imported: f: its @schedule lines cannot be mapped (SL390)",
      "v8s-links.txt:15: SL390 g: @schedule rule g: from= is not HH:MM; to= is not HH:MM; no target=",
      "v8s-links.txt:14: SL851 not imported: g: its @schedule lines cannot be mapped (SL390)",
    ]);
  });

  it("what vanityURLs ignores is carried over without it, and named: unknown shortcuts and options, empty windows, labels that are no route id", () => {
    const result = parse(
      "a|https://example.com/a|ephemeral",
      "  @schedule lunch=https://example.com/lunch",
      "  @schedule rule=never days=mon from=10:00 to=10:00 target=https://example.com/n",
      "  @schedule rule=a!b days=tue from=10:00 to=11:00 target=https://example.com/t color=red",
      "  @schedule rule=w days=wed from=10:00 to=11:00 target=https://example.com/w",
      "  @schedule rule=w days=thu from=10:00 to=11:00 target=https://example.com/w2",
    );
    expect(row(result, "a")?.routes).toEqual([
      expect.not.objectContaining({ id: expect.anything() }),
      expect.objectContaining({ id: "w", target: "https://example.com/w" }),
      expect.not.objectContaining({ id: expect.anything() }),
    ]);
    expect(said(result)).toEqual([
      "v8s-links.txt:2: SL391 (warning) a: @schedule lunch=... is no shortcut vanityURLs knows (only 9to5); it ignores it too",
      "v8s-links.txt:4: SL391 (warning) a: @schedule option(s) color ignored, as vanityURLs ignores them",
      "v8s-links.txt:3: SL391 (warning) a: @schedule rule never: from=10:00 equals to=, a window that never holds in vanityURLs; not carried over",
      `v8s-links.txt:4: SL391 (warning) a: the label "a!b" is not a route id (letters, digits, - _ ., at most 50): the route is named by its position`,
      `v8s-links.txt:6: SL391 (warning) a: the label "w" is repeated: the route is named by its position`,
    ]);
  });
});

describe("splat links", () => {
  it("a splat without an exact link at its base is noted: shortlinks answers the base too", () => {
    const result = parse(
      "gh/*|https://github.com/:splat",
      "docs|https://docs.example.com",
      "docs/*|https://docs.example.com/:splat",
    );
    expect(result.rows.map((r) => r.row.slug)).toEqual(["gh/*", "docs", "docs/*"]);
    expect(said(result)).toEqual([
      "v8s-links.txt:1: SL853 (info) shortlinks also answers /gh itself, which vanityURLs' gh/* leaves unmatched",
    ]);
  });
});
