import { join } from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { checkTarget } from "../../../../runtime/targets/index.js";
import { packageRoot } from "../../../shared/paths.js";
import { loadBlocklist, mergeBlocklists, parseBlocklistFile } from "./blocklist.js";

const DEFAULTS = `blocked_keywords:
  - { keyword: free-crypto-airdrop, category: phishing, reason: lure }
  - { keyword: wallet-verify-seed, category: phishing, reason: lure }
`;

function merge(custom: string) {
  return mergeBlocklists(
    parseBlocklistFile(DEFAULTS, "defaults/blocklist.yaml", false),
    parseBlocklistFile(custom, "custom/blocklist.yaml", true),
    "custom/blocklist.yaml",
  );
}

const codes = (custom: string) =>
  merge(custom).diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`);

describe("blocked_keywords in the blocklist files", () => {
  it("the product defaults block vanityURLs' lure phrases as phishing", async () => {
    const root = await mkdtemp(join(tmpdir(), "shortlinks-keywords-"));
    try {
      const loaded = await loadBlocklist(root, join(packageRoot(), "defaults"));
      expect(loaded.diagnostics).toEqual([]);
      expect(loaded.blocklist?.blocked_keywords?.map((k) => [k.keyword, k.category])).toEqual([
        ["free-crypto-airdrop", "phishing"],
        ["wallet-verify-seed", "phishing"],
        ["claim-airdrop-wallet", "phishing"],
      ]);
      const verdict = checkTarget(
        "https://x.example/claim-airdrop-wallet",
        loaded.blocklist as NonNullable<typeof loaded.blocklist>,
      );
      expect(verdict).toMatchObject({ ok: false, code: "SL230", category: "phishing" });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("additions are free; a bare keyword is category custom; entries are decoded and lower-cased", () => {
    const merged = merge(
      "blocked_keywords:\n  - Casino%2DRoyale\n  - { keyword: WIN-BIG, category: gambling, reason: brand }\n",
    );
    expect(merged.diagnostics).toEqual([]);
    expect(merged.blocklist?.blocked_keywords?.slice(2)).toEqual([
      { keyword: "casino-royale", category: "custom", reason: "" },
      { keyword: "win-big", category: "gambling", reason: "brand" },
    ]);
  });

  it("a custom entry of a default keyword replaces its category", () => {
    const merged = merge(
      "blocked_keywords:\n  - { keyword: free-crypto-airdrop, category: scam, reason: ours }\n",
    );
    expect(merged.blocklist?.blocked_keywords).toContainEqual({
      keyword: "free-crypto-airdrop",
      category: "scam",
      reason: "ours",
    });
    expect(merged.blocklist?.blocked_keywords).toHaveLength(2);
  });

  it("removing a default keyword needs a reason (SL222) and drops it", () => {
    const merged = merge(
      "remove:\n  - { list: blocked_keywords, entry: wallet-verify-seed, reason: our wallet docs }\n",
    );
    expect(merged.diagnostics).toEqual([]);
    expect(merged.blocklist?.blocked_keywords?.map((k) => k.keyword)).toEqual([
      "free-crypto-airdrop",
    ]);
    expect(merged.removed).toMatchObject([
      { list: "blocked_keywords", entry: "wallet-verify-seed" },
    ]);
    expect(codes("remove:\n  - { list: blocked_keywords, entry: wallet-verify-seed }\n")).toEqual([
      "SL222 custom/blocklist.yaml:2",
    ]);
    expect(codes("remove:\n  - { list: blocked_keywords, entry: nope-nope, reason: x }\n")).toEqual(
      ["SL222 custom/blocklist.yaml:2"],
    );
    expect(codes("remove:\n  - { entry: free-crypto-airdrop, reason: x }\n")).toEqual([]);
  });

  it("no keyword at all leaves the compiled blocklist without the key", () => {
    const merged = mergeBlocklists(
      parseBlocklistFile("", "defaults/blocklist.yaml", false),
      parseBlocklistFile("", "custom/blocklist.yaml", true),
      "custom/blocklist.yaml",
    );
    expect(merged.blocklist && "blocked_keywords" in merged.blocklist).toBe(false);
  });

  it.each([
    ["too short", "blocked_keywords:\n  - ab\n", "SL221 custom/blocklist.yaml:2"],
    [
      "a bad category",
      "blocked_keywords:\n  - { keyword: abcd, category: Bad Cat }\n",
      "SL221 custom/blocklist.yaml:2",
    ],
    [
      "an unknown field",
      "blocked_keywords:\n  - x: 1\n    keyword: abcd\n",
      "SL221 custom/blocklist.yaml:2",
    ],
    [
      "an invisible character",
      'blocked_keywords:\n  - "ab\\u200Bcd"\n',
      "SL221 custom/blocklist.yaml:2",
    ],
    ["not a list", "blocked_keywords: abcd\n", "SL220 custom/blocklist.yaml:1"],
  ])("%s is refused with file and line", (_, custom, code) => {
    expect(codes(custom)).toEqual([code]);
  });
});
