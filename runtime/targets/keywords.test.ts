import { describe, expect, it } from "vitest";
import { checkTarget, denyCategory, type TargetPolicy } from "./index.js";
import { CASE_POLICY } from "../../test/cases/targets.js";

const POLICY: TargetPolicy = {
  ...CASE_POLICY,
  blocked_keywords: [
    { keyword: "free-crypto-airdrop", category: "phishing", reason: "scam lure" },
    { keyword: "wallet-verify", category: "phishing", reason: "" },
    { keyword: "casino", category: "gambling", reason: "not on our brand" },
  ],
};

describe("keyword rule (SL230)", () => {
  it.each([
    "https://free-crypto-airdrop.example.com/",
    "https://x.example/FREE-CRYPTO-AIRDROP",
    "https://x.example/p?campaign=free-crypto-airdrop",
    "https://x.example/free%2Dcrypto%2Dairdrop",
    "https://x.example/free%252Dcrypto%252Dairdrop",
    "https://x.example/a/wallet-verify/b",
  ])("%s is refused with its category", (target) => {
    const verdict = checkTarget(target, POLICY);
    expect(verdict).toMatchObject({ ok: false, rule: 13, code: "SL230", category: "phishing" });
    if (!verdict.ok) expect(verdict.message).toMatch(/rule 13 \(no blocked keywords/);
  });

  it("names the keyword, its category and its reason", () => {
    const verdict = checkTarget("https://casino.example/", POLICY);
    expect(verdict.ok ? "" : verdict.message).toContain('"casino" (gambling): not on our brand');
  });

  it.each([
    "https://x.example/crypto-airdrop",
    "https://x.example/#free-crypto-airdrop", // the fragment never reaches the server
    "https://x.example/free_crypto_airdrop",
  ])("%s passes", (target) => {
    expect(checkTarget(target, POLICY)).toMatchObject({ ok: true });
  });

  it("a policy without keywords refuses nothing more", () => {
    expect(checkTarget("https://casino.example/", CASE_POLICY)).toMatchObject({ ok: true });
  });

  it("fails closed: a keyword list that cannot be read refuses every destination", () => {
    const broken = { ...CASE_POLICY, blocked_keywords: "casino" } as unknown as TargetPolicy;
    expect(checkTarget("https://example.com/", broken)).toMatchObject({
      ok: false,
      code: "SL230",
      category: "unsafe-target",
    });
    const entries = [{ keyword: 7 }] as unknown as TargetPolicy["blocked_keywords"];
    expect(
      checkTarget("https://example.com/", { ...CASE_POLICY, blocked_keywords: entries }),
    ).toMatchObject({ ok: false, code: "SL230" });
  });

  it("the earlier rules come first", () => {
    expect(checkTarget("https://bit.ly/casino", POLICY)).toMatchObject({ rule: 8 });
  });
});

describe("block categories (X-Deny-Category)", () => {
  it.each([
    ["https://casino.example/", "gambling"],
    ["https://bit.ly/x", "shortener-loop"],
    ["https://internetbadguys.com/", "phishing"],
    ["https://x.nip.io/", "blocked"],
    ["https://x.example/setup.exe", "executable-download"],
    ["http://127.0.0.1/", "unsafe-target"],
    ["javascript:alert(1)", "unsafe-target"],
  ])("%s answers with category %s", (target, category) => {
    const verdict = checkTarget(target, POLICY);
    expect(verdict.ok ? "passed" : denyCategory(verdict)).toBe(category);
  });
});
