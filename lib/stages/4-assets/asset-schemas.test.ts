import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shardSchemaDiagnostics } from "./asset-schemas.js";
import { compileInstance } from "../compile.js";
import { buildRegistry } from "../3-registry/build-registry.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import type { ShardRecords } from "../../../runtime/registry/shard-format.js";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic");

/** A registry of the fixture's links, one of whose records `breakRecord` changes. */
async function brokenShards(breakRecord: (record: LinkRecord) => void): Promise<ShardRecords[]> {
  const compiled = await compileInstance({ root: FIXTURE, skipBundle: true, tablesOnly: true });
  const links = compiled.links.map((link) => ({ ...link }));
  const { shards } = buildRegistry(links, false);
  expect(shards.flatMap(shardSchemaDiagnostics)).toEqual([]);
  breakRecord(links[0]);
  return shards;
}

describe("the self-check of registry shards (SL330)", () => {
  it.each<[string, (record: LinkRecord) => void, string]>([
    [
      "a status the runtime does not send",
      (r) => ((r as { status: number }).status = 299),
      "status",
    ],
    ["a field the contract does not know", (r) => Object.assign(r, { extra: 1 }), "extra"],
    ["a missing source line", (r) => delete (r as Partial<LinkRecord>).line, "line"],
    ["an empty target", (r) => (r.target = ""), "target"],
  ])("SL330: a shard record with %s is caught", async (_rule, breakRecord, field) => {
    const found = (await brokenShards(breakRecord)).flatMap(shardSchemaDiagnostics);
    expect(found.map((d) => d.code)).toEqual(["SL330"]);
    expect(found[0].message).toContain(field);
  });

  it("SL330: a record in the list of another kind is caught", async () => {
    const shards = await brokenShards(() => undefined);
    const shard = shards.find((s) => s.exact.length > 0) as ShardRecords;
    shard.splat.push(shard.exact[0]);
    const found = shards.flatMap(shardSchemaDiagnostics);
    expect(found.map((d) => d.code)).toEqual(["SL330"]);
    expect(found[0].message).toContain(`splat.${shard.exact[0].key}.kind: a exact record`);
  });
});
