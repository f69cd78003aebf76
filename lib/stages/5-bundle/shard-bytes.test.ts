import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shardBytes } from "./shard-bytes.js";
import { compileInstance } from "../compile.js";
import { buildRegistry } from "../3-registry/build-registry.js";
import { serializeShard } from "../../../runtime/registry/shard-format.js";
import { assetSizeProblems } from "../4-assets/asset-size.js";
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";

const CASE_INSTANCE = join(import.meta.dirname, "../../../test/instance");

describe("SL505 measures a shard by counting, and the count is the shard's size", () => {
  it("every shard of the case instance (splats, placeholders, routes, domains, previews)", async () => {
    const { links } = await compileInstance({ root: CASE_INSTANCE, skipBundle: true, emit: false });
    expect(links.some((l) => l.kind === "placeholder")).toBe(true);
    const unicode = links.map((link, i) =>
      i % 2 === 0 ? { ...link, description: `é 日本 😀 "q" \\ \n ${i}` } : link,
    );
    for (const records of [links, unicode]) {
      const { shards } = buildRegistry(records, false);
      for (const shard of shards)
        expect(shardBytes(shard)).toBe(Buffer.byteLength(serializeShard(shard)));
    }
  });

  it("a file that counts its bytes is judged by the count, its content never made", () => {
    const file = {
      path: "assets/links-shards/0.jsonl",
      get content(): string {
        throw new Error("made");
      },
      bytes: () => MAX_ASSET_BYTES + 1,
    };
    expect(assetSizeProblems([file]).map((d) => d.code)).toEqual(["SL505"]);
  });
});
