/**
 * `mv SLUG [NEW] --to-domain HOST[,HOST]` moves a link to other hosts (docs/domains.md): its
 * `domain`/`domains` rewritten in place, refused when the slug is a link of the new host already
 * (SL305, as `add` refuses it), and held back like a rename when it takes a published link away.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../test/support/run-cli.js";
import { tinyInstance } from "../../test/support/tiny-instance.js";
import { HOSTS_LINKS, hostsSite } from "../../test/support/several-hosts.js";

const SITE = hostsSite("new.example.com", "{ host: lnk.example.org, alias_of: go.example.org }");
const LINKS = `${HOSTS_LINKS}- slug: legacy
  domain: old.example.net # kept for the old flyers
  target: https://legacy.example.net/
`;
const FILE = "custom/links/links.yaml";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));
const fresh = () => (root = tinyInstance("shortlinks-mv-domain-", LINKS, SITE));
const run = (...args: string[]) => runCli([...args, "--root", root]);
const read = (file = FILE) => readFileSync(join(root, file), "utf8");

describe("mv --to-domain", () => {
  it("moves a link to another host: its domain rewritten in place, every other byte kept", async () => {
    fresh();
    const r = await run("mv", "legacy", "--to-domain", "new.example.com", "--force");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toBe(`moved old.example.net/legacy to new.example.com/legacy at ${FILE}:9`);
    expect(read()).toBe(
      LINKS.replace("domain: old.example.net # kept", "domain: new.example.com # kept"),
    );
    const explained = await run("explain", "/legacy", "--domain", "new.example.com");
    expect(explained.out).toContain("https://legacy.example.net/");
  });

  it("SL305: the slug is a link of the new host already; nothing written", async () => {
    fresh();
    const r = await run(
      "mv",
      "docs",
      "--domain",
      "old.example.net",
      "--to-domain",
      "go.example.org",
      "--force",
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain("SL305");
    expect(read()).toBe(LINKS);
  });

  it("--domain names the host to leave: a row on several hosts keeps the others", async () => {
    fresh();
    const r = await run(
      "mv",
      "status",
      "--domain",
      "old.example.net",
      "--to-domain",
      "new.example.com",
      "--force",
    );
    expect(r.code).toBe(0);
    expect(read()).toBe(
      LINKS.replace(
        "domains: [go.example.org, old.example.net]",
        "domains: [ go.example.org, new.example.com ]",
      ),
    );
  });

  it("several hosts, and a new slug at once; one host writes domain, several domains", async () => {
    fresh();
    const r = await run(
      "mv",
      "legacy",
      "flyers",
      "--to-domain",
      "new.example.com,old.example.net",
      "--force",
    );
    expect(r.code).toBe(0);
    expect(read()).toBe(
      LINKS.replace(
        "- slug: legacy\n  domain: old.example.net # kept for the old flyers\n  target: https://legacy.example.net/\n",
        // The field changes its name: the old line goes (its comment with it), the new one is added.
        "- slug: flyers\n  target: https://legacy.example.net/\n  domains: [ new.example.com, old.example.net ]\n",
      ),
    );
  });

  it("SL134: a link that may be published is not taken off its host without --force", async () => {
    fresh();
    const r = await run("mv", "legacy", "--to-domain", "new.example.com");
    expect(r.code).toBe(1);
    expect(r.err).toContain("SL134");
    expect(r.err).toContain("old.example.net/legacy");
    expect(read()).toBe(LINKS);
  });

  it("moving onto a host it is on already is no change", async () => {
    fresh();
    const r = await run("mv", "legacy", "--to-domain", "old.example.net");
    expect(r.code).toBe(0);
    expect(r.out).toContain("unchanged");
    expect(read()).toBe(LINKS);
  });

  it.each([
    ["SL524", "nowhere.example.com", "is not a host of this instance"],
    ["SL525", "lnk.example.org", "alias"],
  ])("%s: a host the link cannot be on is refused as add refuses it", async (code, host, says) => {
    fresh();
    const r = await run("mv", "legacy", "--to-domain", host, "--force");
    expect(r.code).toBe(1);
    expect(r.err).toContain(code);
    expect(r.err).toContain(says);
    expect(read()).toBe(LINKS);
  });

  it.each([
    [["docs"], "give the new slug, or --to-domain"],
    [["legacy", "--to-domain", "new.example.com", "--keep-old"], "--keep-old"],
  ])("usage errors (exit 2), nothing written: %j", async (args, says) => {
    fresh();
    const r = await run("mv", ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(says);
    expect(read()).toBe(LINKS);
  });

  it("a CSV row gets the new host in its domain column (added when the header lacks it)", async () => {
    fresh();
    writeFileSync(join(root, "custom/links/more.csv"), "slug,target\nshop,https://shop.example/\n");
    const r = await run("mv", "shop", "--to-domain", "old.example.net", "--force");
    expect(r.code).toBe(0);
    expect(read("custom/links/more.csv")).toBe(
      "slug,target,domain\nshop,https://shop.example/,old.example.net\n",
    );
  });
});
