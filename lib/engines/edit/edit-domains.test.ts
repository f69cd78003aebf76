/**
 * The editor's verbs on an instance with several hosts (docs/domains.md): a slug on two hosts is
 * two links, so `--domain HOST` says which one a verb changes, and without it the verb refuses
 * (SL528) rather than guess.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tinyInstance } from "../../../test/support/tiny-instance.js";
import { HOSTS_LINKS, hostsSite } from "../../../test/support/several-hosts.js";
import { createTestRepo } from "../../../test/support/git-repo.js";
import { editLink, type EditLinkResult } from "./edit-link.js";
import { planMove, planRemove, planRetire, planSet } from "./verbs.js";

const SITE = hostsSite("{ host: www.go.example.org, alias_of: go.example.org }");
const LINKS = HOSTS_LINKS;
const FILE = "custom/links/links.yaml";

let root: string;
let cleanup: (() => void) | undefined;
afterEach(() => {
  if (cleanup) cleanup();
  else rmSync(root, { recursive: true, force: true });
  cleanup = undefined;
});

const read = () => readFileSync(join(root, FILE), "utf8");
const codes = (result: EditLinkResult) => result.diagnostics.map((d) => d.code);
const title = (slug: string, domain?: string) =>
  editLink({
    root,
    slug,
    domain,
    plan: (link) => planSet(link, { set: { title: "T" }, unset: [] }),
  });

describe("the editor's verbs with several hosts", () => {
  it("SL528: a slug on two hosts without --domain is a usage error naming both hosts; nothing written", async () => {
    root = tinyInstance("shortlinks-edit-hosts-", LINKS, SITE);
    const result = await title("docs");
    expect(result).toMatchObject({ ok: false, usage: true });
    expect(codes(result)).toEqual(["SL528"]);
    expect(result.diagnostics[0].message).toContain("go.example.org and old.example.net");
    expect(result.diagnostics[0].hint).toContain("--domain");
    expect(read()).toBe(LINKS);
  });

  it("--domain picks the row on that host, in any case, and leaves the other host's row alone", async () => {
    root = tinyInstance("shortlinks-edit-hosts-", LINKS, SITE);
    expect(await title("docs", "OLD.example.net")).toMatchObject({ ok: true, written: true });
    expect(read()).toBe(
      LINKS.replace(
        "  target: https://legacy.example.net/docs\n",
        "  target: https://legacy.example.net/docs\n  title: T\n",
      ),
    );
    expect(await title("docs", "go.example.org")).toMatchObject({ ok: true, written: true });
    expect(read()).toMatch(
      /^- slug: docs\n {2}target: https:\/\/docs\.example\.com\/\n {2}title: T\n/,
    );
  });

  it("an alias host names the links of the host it is an alias of", async () => {
    root = tinyInstance("shortlinks-edit-hosts-", LINKS, SITE);
    const result = await title("docs", "www.go.example.org");
    expect(result).toMatchObject({ ok: true, link: { row: { line: 1 } } });
  });

  it("one row placed on several hosts is one link: found without --domain, and with either host", async () => {
    root = tinyInstance("shortlinks-edit-hosts-", LINKS, SITE);
    expect(await title("status")).toMatchObject({ ok: true, link: { row: { line: 6 } } });
    expect(
      await editLink({
        root,
        slug: "status",
        domain: "old.example.net",
        plan: (l) => planRetire(l, undefined),
      }),
    ).toMatchObject({ ok: true, link: { row: { line: 6 } } });
  });

  it("SL133: the slug is not on the host --domain names; the message says where it is", async () => {
    root = tinyInstance(
      "shortlinks-edit-hosts-",
      "- slug: only-old\n  domain: old.example.net\n  target: https://x.example.com/\n",
      SITE,
    );
    const result = await title("only-old", "go.example.org");
    expect(codes(result)).toEqual(["SL133"]);
    expect(result.diagnostics[0].message).toContain("old.example.net");
  });

  it("SL528: --domain naming a host the instance does not list is a usage error listing its hosts", async () => {
    root = tinyInstance("shortlinks-edit-hosts-", LINKS, SITE);
    const result = await title("docs", "new.example.com");
    expect(result).toMatchObject({ ok: false, usage: true });
    expect(codes(result)).toEqual(["SL528"]);
    expect(result.diagnostics[0].message).toContain("go.example.org, old.example.net");
  });

  it("rm --domain removes the link on that host only (the same slug on another host is another link)", async () => {
    root = tinyInstance("shortlinks-edit-hosts-", LINKS, SITE);
    const result = await editLink({
      root,
      slug: "docs",
      domain: "old.example.net",
      plan: (link) => planRemove(link, { root, caseSensitive: false, force: true, memo: {} }),
    });
    expect(result).toMatchObject({ ok: true, written: true });
    expect(read()).toBe(
      LINKS.replace(
        "- slug: docs\n  domain: old.example.net\n  target: https://legacy.example.net/docs\n",
        "",
      ),
    );
  });

  it("a one-domain instance takes --domain naming base_url's host, and refuses another", async () => {
    root = tinyInstance(
      "shortlinks-edit-hosts-",
      "- slug: docs\n  target: https://d.example.com/\n",
    );
    expect(await title("docs", "go.example.org")).toMatchObject({ ok: true });
    expect(codes(await title("docs", "old.example.net"))).toEqual(["SL528"]);
  });

  it("published is judged per host: the slug committed on one host does not hold back its new twin on another", async () => {
    const repo = createTestRepo({
      "custom/site.yaml": SITE,
      [FILE]: "- slug: docs\n  target: https://docs.example.com/\n",
    });
    ({ root, cleanup } = { root: repo.root, cleanup: repo.cleanup });
    repo.write({ [FILE]: LINKS });
    const rm = (domain: string) =>
      editLink({
        root,
        slug: "docs",
        domain,
        plan: (link, site) =>
          planRemove(link, {
            root,
            caseSensitive: false,
            force: false,
            memo: {},
            hosts: site.hosts,
          }),
      });
    const refused = await rm("go.example.org");
    expect(codes(refused)).toEqual(["SL134"]);
    expect(refused.diagnostics[0].hint).toContain("shortlinks retire docs --domain go.example.org");
    expect(await rm("old.example.net")).toMatchObject({ ok: true, written: true });
    repo.commit();
    const moved = await editLink({
      root,
      slug: "status",
      plan: (link, site) =>
        planMove(link, "state", {
          root,
          caseSensitive: false,
          force: false,
          keepOld: false,
          memo: {},
          hosts: site.hosts,
        }),
    });
    expect(moved.diagnostics[0].message).toContain(
      "renaming it removes /status and old.example.net/status",
    );
  });
});
