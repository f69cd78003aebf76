import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaDiagnostics } from "./asset-schemas.js";
import { compileInstance } from "../compile.js";
import { buildRegistry } from "../3-registry/build-registry.js";
import type { LinkRecord, RegistryShard } from "../../../runtime/contract/index.js";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic");

/** A registry of the fixture's links, one of whose records `breakRecord` changes. */
async function brokenShards(breakRecord: (record: LinkRecord) => void): Promise<RegistryShard[]> {
  const compiled = await compileInstance({ root: FIXTURE, skipBundle: true, tablesOnly: true });
  const links = compiled.links.map((link) => ({ ...link }));
  const { shards } = buildRegistry(links, false);
  expect(schemaDiagnostics(shards)).toEqual([]);
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
    const found = schemaDiagnostics(await brokenShards(breakRecord));
    expect(found.map((d) => d.code)).toEqual(["SL330"]);
    expect(found[0].message).toContain(field);
  });
});
