/** The editor's verbs through their engine: set, retire, mv and rm on real instance folders. */
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestRepo, type TestRepo } from "../../../test/support/git-repo.js";
import { tinyInstance } from "../../../test/support/tiny-instance.js";
import { editLink, type EditLinkResult } from "./edit-link.js";
import { planMove, planRemove, planRetire, planSet, type FieldChanges } from "./verbs.js";

const LINKS = `# Our links
- slug: docs # the docs
  target: https://docs.example.com/
- slug: team
  target: https://team.example.com/
  status: 301
`;
const LINKS_FILE = "custom/links/links.yaml";

let root: string;
let repo: TestRepo | undefined;
afterEach(() => {
  if (repo) repo.cleanup();
  else rmSync(root, { recursive: true, force: true });
  repo = undefined;
});

const read = (file = LINKS_FILE) => readFileSync(join(root, file), "utf8");
const codes = (result: EditLinkResult) => result.diagnostics.map((d) => d.code);

const set = (slug: string, changes: Partial<FieldChanges>, dryRun = false) =>
  editLink({
    root,
    slug,
    dryRun,
    plan: (link) => planSet(link, { set: {}, unset: [], ...changes }),
  });
const take = (force = false) => ({ root, caseSensitive: false, force, memo: {} });
const rm = (slug: string, force = false) =>
  editLink({ root, slug, plan: (link) => planRemove(link, take(force)) });
const mv = (from: string, to: string, options: { keepOld?: boolean; force?: boolean } = {}) =>
  editLink({
    root,
    slug: from,
    plan: (link) =>
      planMove(link, to, { ...take(options.force), keepOld: options.keepOld === true }),
  });

describe("set", () => {
  it("changes the row in place, found by its slug in any case; every other byte stays", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    const result = await set("DOCS", { set: { title: "Docs", target: "https://d.example.com/" } });
    expect(result).toMatchObject({ ok: true, written: true, file: LINKS_FILE });
    expect(read()).toBe(
      LINKS.replace(
        "  target: https://docs.example.com/\n",
        "  target: https://d.example.com/\n  title: Docs\n",
      ),
    );
  });

  it("a change that adds an error is refused with the instance's own diagnostic; nothing written", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    const result = await set("docs", { set: { target: "http://localhost/" } });
    expect(codes(result)).toEqual(["SL206"]);
    expect(result.diagnostics[0]).toMatchObject({ file: LINKS_FILE, line: 3 });
    expect(read()).toBe(LINKS);
  });

  it("problems the instance already had do not block an edit elsewhere", async () => {
    root = tinyInstance(
      "shortlinks-edit-",
      `${LINKS}- slug: bad\n  target: ftp://x.example.com/\n`,
    );
    const result = await set("team", { set: { owner: "people" } });
    expect(result).toMatchObject({ ok: true, written: true });
    expect(result.ok && result.other.map((d) => d.code)).toEqual(["SL205"]);
  });

  it("a field already at its value changes nothing; a dry run writes nothing", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    expect(await set("team", { set: { status: 301 } })).toMatchObject({
      unchanged: expect.any(String),
    });
    const dry = await set("team", { set: { status: 302 } }, true);
    expect(dry).toMatchObject({ ok: true, written: false });
    expect(dry.ok && dry.after).toContain("status: 302");
    expect(read()).toBe(LINKS);
  });

  it("schedule parts merge into the row's schedule; without a label they are refused", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    expect(await set("docs", { schedule: { end: "2030-01-01T00:00:00Z" } })).toMatchObject({
      ok: false,
      usage: true,
    });
    await set("docs", { schedule: { label: "l", end: "2030-01-01T00:00:00Z" } });
    await set("docs", { schedule: { start: "2029-01-01T00:00:00Z" } });
    expect(read()).toContain(
      "  schedule: { label: l, end: 2030-01-01T00:00:00Z, start: 2029-01-01T00:00:00Z }\n",
    );
  });

  it("SL133: an unknown slug names itself; nothing written", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    expect(codes(await set("nope", { set: { title: "x" } }))).toEqual(["SL133"]);
  });

  it("a CSV row gains a column the header lacked; the other rows stay as written", async () => {
    root = tinyInstance("shortlinks-edit-", "");
    rmSync(join(root, LINKS_FILE));
    const csv = "slug,target\ndocs,https://docs.example.com/\njobs,https://jobs.example.com/\n";
    writeFileSync(join(root, "custom/links/links.csv"), csv);
    await set("jobs", { set: { notes: "hiring" } });
    expect(read("custom/links/links.csv")).toBe(
      "slug,target,notes\ndocs,https://docs.example.com/\njobs,https://jobs.example.com/,hiring\n",
    );
  });
});

describe("where the verbs write", () => {
  it("SL113: a link source that leads to a file the site serves is not written through", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    mkdirSync(join(root, "custom", "public"));
    renameSync(join(root, LINKS_FILE), join(root, "custom", "public", "links.yaml"));
    symlinkSync(join("..", "public", "links.yaml"), join(root, LINKS_FILE));
    const result = await set("docs", { set: { title: "Docs" } });
    expect(codes(result)).toEqual(["SL113"]);
    expect(readFileSync(join(root, "custom", "public", "links.yaml"), "utf8")).toBe(LINKS);
  });
});

describe("retire", () => {
  it("retires the link and records its successor", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    const result = await editLink({ root, slug: "docs", plan: (l) => planRetire(l, "team") });
    expect(result.ok).toBe(true);
    expect(read()).toContain(
      "  target: https://docs.example.com/\n  state: retired\n  successor: team\n",
    );
  });

  it("SL130: a successor that is no link is refused", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    const result = await editLink({ root, slug: "docs", plan: (l) => planRetire(l, "nope") });
    expect(codes(result)).toEqual(["SL130"]);
    expect(read()).toBe(LINKS);
  });

  it("a refused edit's diagnostic names the row's line in the file as it is, not in the text never written", async () => {
    root = tinyInstance("shortlinks-edit-", LINKS);
    // The successor line would be line 5 of the edited text; line 5 of the file is team's row.
    const result = await editLink({ root, slug: "docs", plan: (l) => planRetire(l, "nope") });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ["SL130", LINKS_FILE, 2],
    ]);
  });

  it("a refused edit's diagnostic below the edited row keeps its line in the file as it is", async () => {
    const links = `${LINKS}- slug: old\n  target: https://old.example.com/\n  state: retired\n  successor: docs\n`;
    root = tinyInstance("shortlinks-edit-", links);
    // Without docs' two lines, old's successor would be line 8 of the edited text; it is line 10.
    const result = await editLink({ root, slug: "docs", plan: (l) => planRemove(l, take(true)) });
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL130", 10]]);
    expect(read()).toBe(links);
  });
});

describe("rm and mv keep published links", () => {
  const committed = () => {
    repo = createTestRepo({ [LINKS_FILE]: LINKS });
    root = repo.root;
  };

  it("SL134: a link active in the last commit is not removed without force", async () => {
    committed();
    const result = await rm("docs");
    expect(codes(result)).toEqual(["SL134"]);
    expect(result.diagnostics[0].message).toContain("active in the last commit");
    expect(read()).toBe(LINKS);
    expect(await rm("docs", true)).toMatchObject({ ok: true, written: true });
    expect(read()).toBe(
      LINKS.replace("- slug: docs # the docs\n  target: https://docs.example.com/\n", ""),
    );
  });

  it("a link added since the last commit, or retired there, is removed at once", async () => {
    committed();
    repo?.write({ [LINKS_FILE]: `${LINKS}- slug: fresh\n  target: https://f.example.com/\n` });
    expect(await rm("fresh")).toMatchObject({ ok: true });
    repo?.write({
      [LINKS_FILE]: `${LINKS}- slug: gone\n  target: https://g.example.com/\n  state: retired\n`,
    });
    repo?.commit();
    expect(await rm("gone")).toMatchObject({ ok: true });
    expect(read()).toBe(LINKS);
  });

  it("without git history an active link counts as published; a retired one does not", async () => {
    root = tinyInstance(
      "shortlinks-edit-",
      `${LINKS}- slug: gone\n  target: https://g.example.com/\n  state: retired\n`,
    );
    expect((await rm("team")).diagnostics[0].message).toContain("no git repository");
    expect(await rm("gone")).toMatchObject({ ok: true });
  });

  it("removing a link another one names as successor is refused (SL130)", async () => {
    root = tinyInstance(
      "shortlinks-edit-",
      `${LINKS}- slug: old\n  target: https://o.example.com/\n  state: retired\n  successor: docs\n`,
    );
    const result = await rm("docs", true);
    expect(codes(result)).toEqual(["SL130"]);
  });

  it("mv renames in place; a published link needs --keep-old, which leaves it retired and pointing on", async () => {
    committed();
    expect(codes(await mv("docs", "guide"))).toEqual(["SL134"]);
    expect(await mv("docs", "guide", { keepOld: true })).toMatchObject({ ok: true });
    expect(read()).toBe(
      LINKS.replace(
        "  target: https://docs.example.com/\n",
        "  target: https://docs.example.com/\n  state: retired\n  successor: guide\n- slug: guide\n  target: https://docs.example.com/\n",
      ),
    );
  });

  it("mv to a slug that exists is refused (SL305); a new spelling of the same slug is no removal", async () => {
    committed();
    expect(codes(await mv("docs", "team", { force: true }))).toEqual(["SL305"]);
    expect(await mv("docs", "Docs")).toMatchObject({ ok: true });
    expect(read()).toContain("- slug: Docs # the docs\n");
  });
});
