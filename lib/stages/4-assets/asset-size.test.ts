import { describe, expect, it } from "vitest";
import { assetSizeProblems } from "./asset-size.js";
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";

describe("SL505: every generated asset against the platform's per-file limit", () => {
  it("a generated asset one byte over 25 MiB is refused, one at the limit is fine", () => {
    const files = [
      { path: "assets/links-shards/0.jsonl", content: new Uint8Array(MAX_ASSET_BYTES + 1) },
      { path: "assets/links-shards/1.jsonl", content: new Uint8Array(MAX_ASSET_BYTES) },
      { path: "assets/links.json", content: "{}" },
    ];
    const problems = assetSizeProblems(files);
    expect(problems.map((d) => [d.code, d.file])).toEqual([["SL505", "(generated)"]]);
    expect(problems[0].message).toContain("assets/links-shards/0.jsonl");
  });

  it("text is measured in UTF-8 bytes, not characters", () => {
    const text = "é".repeat(MAX_ASSET_BYTES / 2 + 1);
    expect(assetSizeProblems([{ path: "assets/a.json", content: text }])).toHaveLength(1);
  });

  it("the worker is not an asset (its own limit applies at deploy)", () => {
    const worker = { path: "worker/worker.js", content: new Uint8Array(MAX_ASSET_BYTES + 1) };
    expect(assetSizeProblems([worker])).toEqual([]);
  });
});
