/**
 * The editor's verbs as a user runs them: the built CLI on a throwaway instance in its own git
 * repository (committed once, so "published" means something). Messages, --dry-run, exit codes,
 * and list's table and JSON with hostile text escaped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRepo, type TestRepo } from "./support/git-repo.js";
import { runCli } from "./support/processes.js";

const LINKS = `# Links
- slug: docs # the docs
  target: https://docs.example.com/
  owner: docs-team
- slug: team
  target: https://team.example.com/
  title: Team page # the people behind it
  notes: "first line\\nsecond line"
  tags: [people]
`;
const FILE = "custom/links/links.yaml";
let repo: TestRepo;
const cli = (...args: string[]) => runCli(args, repo.root);
const read = () => readFileSync(join(repo.root, FILE), "utf8");

beforeAll(() => {
  repo = createTestRepo({ [FILE]: LINKS });
});
afterAll(() => repo.cleanup());

describe("the editor's verbs on the command line", () => {
  it("set --dry-run prints the lines it would change and writes nothing", async () => {
    const run = await cli("set", "docs", "--title", "Docs", "--dry-run");
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      `${FILE}:5\n+   title: Docs\ndry run: changed docs at ${FILE}:2; nothing was written\n`,
    );
    expect(read()).toBe(LINKS);
  });

  it("rm of a committed active link is refused with SL134 and exit 1, the file untouched", async () => {
    const refused = await cli("rm", "docs");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${FILE}:2: SL134 link "docs" not removed`);
    expect(refused.err).toContain("shortlinks retire docs");
    expect(read()).toBe(LINKS);
  });

  it("retire --successor, then list --state retired --json shows it", async () => {
    const retired = await cli("retire", "team", "--successor", "docs");
    expect(retired.code).toBe(0);
    expect(retired.out).toContain(`retired team at ${FILE}:5`);
    const listed = await cli("list", "--state", "retired", "--json");
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out)).toEqual([
      expect.objectContaining({ slug: "team", state: "retired", successor: "docs" }),
    ]);
  });

  it("list prints one table line per link and notes' line breaks only as JSON escapes", async () => {
    const table = await cli("list");
    expect(table.code).toBe(0);
    expect(table.out.split("\n")[0]).toMatch(/^SLUG +STATE +OWNER +TITLE +TARGET$/);
    expect(table.out).toMatch(/\nteam +retired +Team page +https:\/\/team\.example\.com\/\n/);
    expect(table.out).toContain("2 links\n");
    const json = await cli("list", "--json");
    expect(json.out).toContain('"notes": "first line\\nsecond line"');
    expect(JSON.parse(json.out)[1].notes).toBe("first line\nsecond line");
  });

  it("list of an instance with an error lists the other links, says why, exits 1", async () => {
    const broken = createTestRepo({
      [FILE]: `${LINKS}- slug: bad\n  target: https://bad.example.com/\n  title: "Bad \\e[2J"\n`,
    });
    try {
      const listed = await runCli(["list"], broken.root);
      expect(listed.code).toBe(1);
      expect(listed.out).not.toContain("\u001b");
      expect(listed.out).toContain("2 links\n");
      expect(listed.err).toContain("links with errors are not listed: run shortlinks check");
    } finally {
      broken.cleanup();
    }
  });

  it("mv of a published link needs --keep-old; with it the old slug stays retired, pointing on", async () => {
    expect((await cli("mv", "docs", "guide")).code).toBe(1);
    const moved = await cli("mv", "docs", "guide", "--keep-old");
    expect(moved.code).toBe(0);
    expect(moved.out).toContain("renamed docs to guide");
    expect(read()).toContain("  state: retired\n  successor: guide\n- slug: guide\n");
    // check finds nothing wrong with the links (only the missing src/worker.js of a fresh repo).
    expect((await cli("check")).out).not.toMatch(/SL1\d\d|SL30\d/);
  });

  it("usage errors exit 2: set with nothing to change, an unknown --unset, list --state nonsense", async () => {
    expect((await cli("set", "guide")).code).toBe(2);
    expect((await cli("set", "guide", "--unset", "target")).code).toBe(2);
    expect((await cli("list", "--state", "gone")).code).toBe(2);
    expect((await cli("add", "not-a-url")).code).toBe(2);
  });

  it("add without a slug prints the short URL alone on its last line", async () => {
    const added = await cli("add", "https://example.com/campaign", "--tags", "people");
    expect(added.code).toBe(0);
    const [line, url] = added.out.trim().split("\n");
    const slug = /^added (\S+) -> /.exec(line)?.[1] ?? "";
    expect(slug).toMatch(/^[34789abcdefghjkmnpqrstvwxy]{4}$/);
    expect(url).toBe(`https://go.example.org/${slug}`);
  });
});
