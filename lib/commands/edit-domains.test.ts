/**
 * The editor's commands on an instance with several hosts (docs/domains.md), as a user runs them:
 * `add --domain` writes the host, `set`/`retire`/`mv`/`rm`/`qr --domain` pick the link on one
 * host and refuse to guess without it (SL528), `list` shows and filters by host.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../test/support/run-cli.js";
import { tinyInstance } from "../../test/support/tiny-instance.js";
import { HOSTS_LINKS, hostsSite } from "../../test/support/several-hosts.js";

const SITE = hostsSite();
const LINKS = HOSTS_LINKS;
const FILE = "custom/links/links.yaml";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const fresh = (links = LINKS) => (root = tinyInstance("shortlinks-cli-hosts-", links, SITE));
const run = (...args: string[]) => runCli([...args, "--root", root]);
const read = (file = FILE) => readFileSync(join(root, file), "utf8");

describe("set, retire, mv, rm and qr with several hosts", () => {
  it.each([["set", "--title", "T"], ["retire"], ["mv", "guide"], ["rm", "--force"], ["qr"]])(
    "SL528: %s of a slug on two hosts without --domain exits 2 naming both hosts",
    async (verb, ...rest) => {
      fresh();
      const r = await run(verb, "docs", ...rest);
      expect(r.code).toBe(2);
      expect(r.err).toContain("SL528");
      expect(r.err).toContain("go.example.org and old.example.net");
      expect(r.err).toContain("--domain");
      expect(read()).toBe(LINKS);
    },
  );

  it("set --domain changes the link on that host and names it HOST/slug", async () => {
    fresh();
    const r = await run("set", "docs", "--domain", "old.example.net", "--title", "Old docs");
    expect(r.code).toBe(0);
    expect(r.out).toBe(`changed old.example.net/docs at ${FILE}:3`);
    expect(read()).toContain("  target: https://legacy.example.net/docs\n  title: Old docs\n");
  });

  it("retire and mv with --domain leave the default host's link as it was", async () => {
    fresh();
    expect((await run("retire", "docs", "--domain", "go.example.org")).out).toMatch(
      /^retired docs at custom\/links\/links\.yaml:1:/,
    );
    const moved = await run("mv", "docs", "guide", "--domain", "old.example.net", "--force");
    expect(moved.out).toBe(`renamed old.example.net/docs to guide at ${FILE}:4`);
    expect(read()).toBe(
      LINKS.replace("docs.example.com/\n", "docs.example.com/\n  state: retired\n").replace(
        "- slug: docs\n  domain",
        "- slug: guide\n  domain",
      ),
    );
  });

  it("--domain naming a host the instance does not list is SL528, exit 2", async () => {
    fresh();
    const r = await run("rm", "docs", "--domain", "new.example.com");
    expect(r.code).toBe(2);
    expect(r.err).toContain("SL528");
    expect(r.err).toContain("go.example.org, old.example.net");
  });

  it("qr --domain encodes the link's own host", async () => {
    fresh();
    const r = await run("qr", "docs", "--domain", "old.example.net");
    expect(r.code).toBe(0);
    expect(r.outLines.at(-1)).toBe("https://old.example.net/docs");
    const status = await run("qr", "status", "--domain", "old.example.net");
    expect(status.outLines.at(-1)).toBe("https://old.example.net/status");
    // One row on two hosts is two short URLs: which one goes on paper is said with --domain.
    const both = await run("qr", "status");
    expect(both.code).toBe(2);
    expect(both.err).toContain("SL528");
  });

  it("qr of a path that one other host answers encodes that host without --domain; a splat's path too", async () => {
    const more = `- slug: legacy\n  domain: old.example.net\n  target: https://x.example.com/\n`;
    const splat = `- slug: gh/*\n  domain: old.example.net\n  target: https://github.com/\n`;
    fresh(`${LINKS}${more}${splat}- slug: gh/home\n  target: https://github.com/home\n`);
    const r = await run("qr", "legacy");
    expect(r.code).toBe(0);
    expect(r.outLines.at(-1)).toBe("https://old.example.net/legacy");
    expect((await run("qr", "gh/acme")).outLines.at(-1)).toBe("https://old.example.net/gh/acme");
    // gh/home is a link of the default host, and old.example.net answers it with its splat.
    const both = await run("qr", "gh/home");
    expect(both.code).toBe(2);
    expect(both.err).toContain("go.example.org and old.example.net");
  });
});

describe("add --domain", () => {
  it("writes domain for one host and domains for several (commas or the option repeated)", async () => {
    fresh();
    expect(
      (await run("add", "one", "https://one.example.com/", "--domain", "old.example.net")).code,
    ).toBe(0);
    const two = await run(
      "add",
      "two",
      "https://two.example.com/",
      "--domain",
      "old.example.net,go.example.org",
    );
    expect(two.code).toBe(0);
    const again = await run(
      "add",
      "three",
      "https://three.example.com/",
      "--domain",
      "old.example.net",
      "--domain",
      "go.example.org",
    );
    expect(again.code).toBe(0);
    const added = read().slice(LINKS.length);
    expect(added).toContain(
      "- slug: one\n  target: https://one.example.com/\n  domain: old.example.net\n",
    );
    expect(added).toMatch(
      /- slug: two\n {2}target: https:\/\/two\.example\.com\/\n {2}domains:.*old\.example\.net.*go\.example\.org/s,
    );
    expect(added).toMatch(/- slug: three\n[^-]*domains:.*old\.example\.net.*go\.example\.org/s);
  });

  it("the same slug on another host is a new link, not a duplicate", async () => {
    fresh();
    const r = await run("add", "status2", "https://s.example.com/", "--domain", "old.example.net");
    expect(r.code).toBe(0);
    const twin = await run("add", "docs", "https://d.example.com/", "--domain", "old.example.net");
    expect(twin.code).toBe(1);
    expect(twin.err).toContain("SL305");
  });

  it.each([
    ["SL524", "new.example.com", "is not a host of this instance"],
    ["SL525", "old.example.net,old.example.net", "names old.example.net twice"],
  ])(
    "%s: a host the instance cannot take is refused at the new row's line; nothing written",
    async (code, hosts, says) => {
      fresh();
      const r = await run("add", "x", "https://x.example.com/", "--domain", hosts);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(new RegExp(`${FILE}:(9|10|11): ${code} `));
      expect(r.err).toContain(says);
      expect(read()).toBe(LINKS);
    },
  );

  it("a CSV source gets the hosts in its domain column, separated by ';'", async () => {
    fresh();
    writeFileSync(join(root, "custom/links/more.csv"), "slug,target,domain\n");
    const r = await run(
      "add",
      "csv",
      "https://c.example.com/",
      "--domain",
      "go.example.org,old.example.net",
      "--file",
      "custom/links/more.csv",
    );
    expect(r.code).toBe(0);
    expect(read("custom/links/more.csv")).toBe(
      "slug,target,domain\ncsv,https://c.example.com/,go.example.org;old.example.net\n",
    );
    const listed = JSON.parse((await run("list", "--json", "--domain", "old.example.net")).out);
    expect(listed.map((l: { slug: string }) => l.slug)).toContain("csv");
  });

  it("a CSV source without a domain column gets one at the header's end, as set --domain adds it", async () => {
    fresh();
    const text = "slug,target\nold,https://o.example.com/\n";
    writeFileSync(join(root, "custom/links/more.csv"), text);
    const r = await run(
      "add",
      "csv",
      "https://c.example.com/",
      "--domain",
      "old.example.net",
      "--file",
      "custom/links/more.csv",
    );
    expect(r.code).toBe(0);
    expect(read("custom/links/more.csv")).toBe(
      "slug,target,domain\nold,https://o.example.com/\ncsv,https://c.example.com/,old.example.net\n",
    );
    const set = await run("set", "old", "--domain", "go.example.org", "--title", "Old");
    expect(set.code).toBe(0);
    expect(read("custom/links/more.csv")).toBe(
      "slug,target,domain,title\nold,https://o.example.com/,,Old\ncsv,https://c.example.com/,old.example.net\n",
    );
  });

  it("a new CSV file takes the domain column when its first row names a host", async () => {
    fresh();
    const r = await run(
      "add",
      "csv",
      "https://c.example.com/",
      "--domain",
      "old.example.net",
      "--file",
      "custom/links/new.csv",
    );
    expect(r.code).toBe(0);
    const [header, row] = read("custom/links/new.csv").split("\n");
    expect(header.split(",").at(-1)).toBe("domain");
    expect(row.split(",").at(-1)).toBe("old.example.net");
  });

  it("a random slug is printed as the short URL of its host", async () => {
    fresh();
    const r = await run("add", "https://r.example.com/", "--domain", "old.example.net");
    expect(r.code).toBe(0);
    expect(r.outLines.at(-1)).toMatch(/^https:\/\/old\.example\.net\/[a-z0-9]{4}$/);
  });
});

describe("list with several hosts", () => {
  it("shows a HOST column, and --domain keeps one host's links", async () => {
    fresh();
    const all = await run("list");
    expect(all.code).toBe(0);
    expect(all.outLines[0]).toMatch(/^HOST\s+SLUG\s+STATE/);
    expect(all.outLines.filter((l) => /^old\.example\.net\s+docs\s/.test(l))).toHaveLength(1);
    expect(all.outLines.at(-1)).toBe("4 links"); // status is one row on two hosts: two links
    const old = await run("list", "--domain", "old.example.net", "--json");
    expect(old.code).toBe(0);
    const links = JSON.parse(old.out) as { slug: string; domain: string; target: string }[];
    expect(links.map((l) => [l.domain, l.slug])).toEqual([
      ["old.example.net", "docs"],
      ["old.example.net", "status"],
    ]);
    const def = JSON.parse((await run("list", "--json", "--domain", "go.example.org")).out);
    expect(def.map((l: { domain: string }) => l.domain)).toEqual([
      "go.example.org",
      "go.example.org",
    ]);
  });

  it("SL528: list --domain naming a host the instance does not list exits 2", async () => {
    fresh();
    const r = await run("list", "--domain", "new.example.com");
    expect(r.code).toBe(2);
    expect(r.err).toContain("SL528");
  });

  it("a one-domain instance lists as before: no HOST column, no domain field", async () => {
    root = tinyInstance("shortlinks-cli-hosts-", "- slug: a\n  target: https://a.example.com/\n");
    const r = await run("list");
    expect(r.outLines[0]).toMatch(/^SLUG\s+STATE/);
    expect(JSON.parse((await run("list", "--json")).out)[0]).not.toHaveProperty("domain");
  });
});
