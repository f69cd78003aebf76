import { describe, expect, it } from "vitest";
import { foldPathForGuards, normalizePath } from "./normalize.js";

describe("path normalisation (docs/runtime.md)", () => {
  it.each([
    ["/docs", "docs", "/docs"],
    ["/Docs", "docs", "/Docs"],
    ["//docs", "docs", "/docs"],
    ["/docs/", "docs", "/docs"],
    ["/team//handbook/", "team/handbook", "/team/handbook"],
    ["/%64ocs", "docs", "/docs"],
    ["/caf%C3%A9", "café", "/café"],
    ["/cafe%CC%81", "café", "/café"],
    ["/a%20b", "a b", "/a b"],
    ["/%CE%9F%CE%94%CE%9F%CE%A3", "οδοσ", "/ΟΔΟΣ"],
    ["/%CE%BF%CE%B4%CE%BF%CF%82", "οδοσ", "/οδος"],
    ["/Stra%C3%9Fe", "strasse", "/Straße"],
    ["/", "", "/"],
  ])("accepts %s as key %s", (raw, key, path) => {
    const result = normalizePath(raw, false);
    expect(result).toMatchObject({ ok: true, key, path });
  });

  it("keeps case in the key when matching is case-sensitive", () => {
    expect(normalizePath("/Docs", true)).toMatchObject({ ok: true, key: "Docs" });
  });

  it.each([
    ["/a%2Fb", "encoded-separator"],
    ["/a%2fb", "encoded-separator"],
    ["/a%5Cb", "encoded-separator"],
    ["/a\\b", "backslash"],
    ["/a%ZZ", "invalid-escape"],
    ["/a%E2%82", "invalid-escape"],
    ["/a%", "invalid-escape"],
    ["/a%00", "control-character"],
    ["/a%0A", "control-character"],
    ["/a%7F", "control-character"],
    ["/a%C2%85", "control-character"],
    ["/a/./b", "dot-segment"],
    ["/a/../b", "dot-segment"],
    ["/a/%2E%2E/b", "dot-segment"],
    ["/%2e", "dot-segment"],
  ])("refuses %s (%s)", (raw, reason) => {
    expect(normalizePath(raw, false)).toEqual({ ok: false, reason });
  });
});

describe("guard folding recognises a path in any spelling", () => {
  it.each([
    ["/links.json", "/links.json"],
    ["/LINKS.JSON", "/links.json"],
    ["/%6Cinks.json", "/links.json"],
    ["/%256Cinks.json", "/links.json"],
    ["//links.json/", "/links.json"],
    ["/./links.json", "/links.json"],
    ["/links.json%00", "/links.json"],
    ["/links.json%20", "/links.json"],
    ["\\links.json", "/links.json"],
  ])("%s folds to %s", (raw, folded) => {
    expect(foldPathForGuards(raw)).toBe(folded);
  });
});
