import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shardSchemaDiagnostics } from "./asset-schemas.js";
import { compileInstance } from "../compile.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic");

/** The records of the fixture's shards, one of which `breakRecord` changes. */
async function brokenRecords(breakRecord: (record: LinkRecord) => void): Promise<LinkRecord[]> {
  const compiled = await compileInstance({ root: FIXTURE, skipBundle: true, tablesOnly: true });
  const links = compiled.links.map((link) => ({ ...link }));
  expect(shardSchemaDiagnostics(links)).toEqual([]);
  breakRecord(links[0]);
  return links;
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
    const records = await brokenRecords(breakRecord);
    const found = shardSchemaDiagnostics(records);
    expect(found.map((d) => d.code)).toEqual(["SL330"]);
    expect(found[0].message).toContain(`${records[0].kind}.${records[0].key}`);
    expect(found[0].message).toContain(field);
  });
});
