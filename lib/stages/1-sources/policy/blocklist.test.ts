import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getDomain } from "tldts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  METADATA_ENDPOINTS,
  BLOCKED_RANGES,
  checkTarget,
} from "../../../../runtime/targets/index.js";
import { CASE_POLICY, SAFE_CASES, UNSAFE_CASES } from "../../../../test/cases/targets.js";
import { BLOCKLIST_SCHEMA, type Blocklist } from "../../../../runtime/contract/index.js";
import { packageRoot } from "../../../shared/paths.js";
import { loadBlocklist, mergeBlocklists, parseBlocklistFile } from "./blocklist.js";

const DEFAULTS_DIR = join(packageRoot(), "defaults");
let root: string;
let defaults: Blocklist;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "shortlinks-blocklist-"));
  const loaded = await loadBlocklist(root, DEFAULTS_DIR);
  expect(loaded.diagnostics).toEqual([]);
  defaults = loaded.blocklist as Blocklist;
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("defaults/blocklist.yaml", () => {
  it("rule 8: at least 100 shorteners, each its own registrable domain (tldts)", () => {
    expect(defaults.schema).toBe(BLOCKLIST_SCHEMA);
    expect(defaults.shorteners.length).toBeGreaterThanOrEqual(100);
    for (const entry of defaults.shorteners) expect(getDomain(entry)).toBe(entry);
  });

  it("rule 10: the eight executable extensions of the specification", () => {
    expect(defaults.blocked_extensions.sort()).toEqual([
      ".bat",
      ".cmd",
      ".exe",
      ".jar",
      ".msi",
      ".ps1",
      ".scr",
      ".vbs",
    ]);
  });

  it.each(["shorteners", "lure_domains", "blocked_hosts", "blocked_extensions"] as const)(
    "rules 8-10: every CASE_POLICY entry of %s is a product default",
    (list) => {
      for (const entry of CASE_POLICY[list]) expect(defaults[list]).toContain(entry);
    },
  );

  // Names that DNS answers with loopback or with the address written in the name, and DNS
  // rebinding services: a text check of the host cannot see through them (docs/targets.md).
  it.each([
    "http://127.0.0.1.traefik.me/",
    "http://localh.st/",
    "http://make-127-0-0-1-rr.1u.ms/",
    "http://make-1.2.3.4-rebind-169.254-169.254-rr.1u.ms/",
    "http://7f000001.c0a80001.rbndr.us/",
    "http://app.127.0.0.1.nip.io/",
    "http://127-0-0-1.sslip.io/",
    "http://10.0.0.1.xip.io/",
    "http://127.0.0.1.local-ip.sh/",
    "http://127.0.0.1.local-ip.co/",
    "http://x.lvh.me/",
    "http://readme.localtest.me/",
    "http://vcap.me/",
    "http://lacolhost.com/",
    "http://a.127-0-0-1.org.uk/",
    "http://app.ddev.site/",
    "http://app.localhost.tv/",
    "http://app.localhst.co.uk/",
    "http://fuf.me/",
    "http://ulh.us/",
    "http://smackaho.st/",
    "http://app.lcl.host/",
    "http://app.localhost.direct/",
  ])("rule 9: wildcard DNS to loopback or to a written address, %s, is refused by default", (t) => {
    expect(checkTarget(t, defaults)).toMatchObject({ ok: false, rule: 9 });
    expect(checkTarget(t, defaults, { rules: ["SL206", "SL207"], reason: "x" })).toMatchObject({
      ok: false,
      rule: 9,
    });
  });

  it.each(UNSAFE_CASES.map((c) => [JSON.stringify(c.target), c] as const))(
    "rules 1-10: %s gets the same verdict under the full defaults as under CASE_POLICY",
    (_, c) => {
      expect(checkTarget(c.target, defaults, c.allow)).toEqual(
        checkTarget(c.target, CASE_POLICY, c.allow),
      );
    },
  );

  it.each(SAFE_CASES.map((c) => [JSON.stringify(c.target).slice(0, 80), c] as const))(
    "rules 1-10: safe target %s also passes the full defaults",
    (_, c) => {
      expect(checkTarget(c.target, defaults, c.allow)).toMatchObject({ ok: true });
    },
  );
});

describe("merging custom/blocklist.yaml", () => {
  const merge = (custom: string) =>
    mergeBlocklists(
      parseBlocklistFile(
        "shorteners: [bit.ly, t.co]\nblocked_extensions: [.exe]\nprobes:\n  prefixes: [/wp-admin]\n",
        "defaults/blocklist.yaml",
        false,
      ),
      parseBlocklistFile(custom, "custom/blocklist.yaml", true),
      "custom/blocklist.yaml",
    );

  it.each([
    [
      "additions are free",
      "shorteners: [Example-Short.EXAMPLE.]\nblocked_extensions: [.APK]\n",
      {
        shorteners: ["bit.ly", "t.co", "example-short.example"],
        blocked_extensions: [".exe", ".apk"],
      },
    ],
    [
      "IDN entries become punycode",
      "lure_domains: [münchen-bank.de]\n",
      { lure_domains: ["xn--mnchen-bank-thb.de"] },
    ],
    [
      "a removal with a reason drops the default",
      "remove:\n  - { entry: bit.ly, reason: we own a branded bit.ly domain }\n",
      { shorteners: ["t.co"] },
    ],
    [
      "a removal may name its list",
      "remove:\n  - { list: probes.prefixes, entry: /WP-ADMIN, reason: we run WordPress here }\n",
      { probes: { prefixes: [], suffixes: [], exact: [], contains: [] } },
    ],
  ])("blocklist merge: %s", (_, custom, expected) => {
    const merged = merge(custom);
    expect(merged.diagnostics).toEqual([]);
    expect(merged.blocklist).toMatchObject(expected);
  });

  it.each([
    ["a removal without a reason", "SL222", 2, "remove:\n  - entry: bit.ly\n"],
    [
      "a removal of something that is no default",
      "SL222",
      2,
      "remove:\n  - { entry: example.com, reason: x }\n",
    ],
    [
      "a removal naming an unknown list",
      "SL222",
      2,
      "remove:\n  - { list: hosts, entry: bit.ly, reason: x }\n",
    ],
    ["a public suffix as a host", "SL221", 1, "blocked_hosts: [co.uk]\n"],
    ["a URL instead of a host", "SL221", 1, "shorteners: [https://bit.ly/]\n"],
    ["an extension without its dot", "SL221", 1, "blocked_extensions: [exe]\n"],
    ["a probe prefix without its slash", "SL221", 3, "probes:\n  prefixes:\n    - wp-admin\n"],
    ["an unknown key", "SL220", 1, "hosts: [a.example]\n"],
    ["a list that is not a list", "SL220", 1, "shorteners: bit.ly\n"],
    ["YAML that cannot be parsed", "SL220", 2, "shorteners: [bit.ly\n"],
  ])("blocklist merge: %s reports %s at line %i", (_, code, line, custom) => {
    const merged = merge(custom);
    expect(merged.diagnostics).toMatchObject([{ code, line, file: "custom/blocklist.yaml" }]);
  });

  it("blocklist merge: loadBlocklist reads custom/blocklist.yaml and refuses to build on errors", async () => {
    await mkdir(join(root, "custom"), { recursive: true });
    await writeFile(join(root, "custom/blocklist.yaml"), "remove:\n  - entry: bit.ly\n");
    const loaded = await loadBlocklist(root, DEFAULTS_DIR);
    expect(loaded.blocklist).toBeUndefined();
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["SL222"]);
    await rm(join(root, "custom"), { recursive: true });
  });
});

describe("docs/targets.md", () => {
  it("rule 7: the documented range table lists every refused range", async () => {
    const docs = await readFile(join(packageRoot(), "docs/targets.md"), "utf8");
    for (const range of BLOCKED_RANGES)
      expect(docs).toContain(
        `| \`${range.cidr}\` | ${range.name} | ${range.allowable ? "yes" : "no"} |`,
      );
  });

  it("rules 6/7: the documented metadata table lists every endpoint, and its count", async () => {
    const docs = await readFile(join(packageRoot(), "docs/targets.md"), "utf8");
    for (const { host, provider } of METADATA_ENDPOINTS)
      expect(docs).toContain(`| \`${host}\` | ${provider} |`);
    expect(docs).toContain(`${METADATA_ENDPOINTS.length} metadata endpoints`);
  });
});
