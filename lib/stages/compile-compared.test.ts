// A review's side compiled without a cache keeps its conflict index as the links' lookup, so the
// comparison does not index every link again (docs/performance.md, "A side compared without a
// cache keeps its lookup").
import { describe, expect, it } from "vitest";
import { compileInstance } from "./compile.js";
import { CASE_INSTANCE, REPO } from "../../test/support/build-instance.js";

describe("a side compiled to be compared", () => {
  it("keeps a lookup that finds each of its links, without a cache; a plain compile keeps none", async () => {
    for (const root of [REPO, CASE_INSTANCE]) {
      const compared = await compileInstance({ root, tablesOnly: true, compared: true });
      const plain = await compileInstance({ root, tablesOnly: true });
      const tables = compared.tables!;
      expect(tables.lookup?.links).toBe(tables.links);
      expect(tables.links.length).toBeGreaterThan(5);
      for (const link of tables.links)
        if (link.domain === undefined) expect(tables.lookup!.find(link.kind, link.key)).toBe(link);
      expect(tables.lookup!.find("exact", "no-such-link-anywhere")).toBeUndefined();
      expect(plain.tables?.lookup).toBeUndefined();
      expect(plain.tables?.links).toEqual(tables.links);
    }
  });
});
