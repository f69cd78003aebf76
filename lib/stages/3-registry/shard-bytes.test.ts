import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shardBytes } from "./shard-bytes.js";
import { compileInstance } from "../compile.js";
import { buildRegistry, measureRegistry } from "./build-registry.js";
import { shardText } from "../../../runtime/registry/shard-format.js";
import { assetSizeProblems } from "../4-assets/asset-size.js";
import { MAX_ASSET_BYTES, type LinkRecord } from "../../../runtime/contract/index.js";

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
        expect(shardBytes(shard)).toBe(Buffer.byteLength(shardText(shard)));
    }
  });

  it("the registry counts each shard's size as it places the links, and so does a measured one (any links, a key twice)", () => {
    const text = fc.string({ unit: "binary", maxLength: 10 });
    const link = fc.record(
      {
        kind: fc.constantFrom("exact" as const, "splat" as const, "placeholder" as const),
        key: fc.constantFrom("a", "b", "c", "d", "é/x", 'e"f', "__proto__"),
        slug: text,
        target: text,
        status: fc.constantFrom(301 as const, 302 as const),
        state: fc.constant("active" as const),
        forward_query: fc.boolean(),
        file: text,
        line: fc.integer({ min: 1, max: 99_999 }),
        description: text,
        tags: fc.array(text, { maxLength: 3 }),
      },
      { requiredKeys: ["kind", "key", "slug", "target", "status", "state", "file", "line"] },
    );
    fc.assert(
      fc.property(fc.array(link, { maxLength: 200 }), (links) => {
        const records = links as LinkRecord[];
        const { shards, shardBytes: counted } = buildRegistry(records, false, { countBytes: true });
        expect(counted).toEqual(shards.map((shard) => Buffer.byteLength(shardText(shard))));
        expect(buildRegistry(records, false).shardBytes).toBeUndefined();
        const { manifest, filter } = buildRegistry(records, false);
        const measured = measureRegistry(records, false);
        expect(measured.manifest).toEqual(manifest);
        expect(measured.shardBytes).toEqual(counted);
        expect(measured.filterBytes).toBe(filter.toFile().length);
      }),
      { numRuns: 300 },
    );
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
