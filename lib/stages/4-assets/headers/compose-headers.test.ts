import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PRIVATE_FILES, SHARD_DIR, shardPath } from "../../../../runtime/contract/index.js";
import { packageRoot } from "../../../shared/paths.js";
import { composeHeaders, PRIVATE_FILES_PATTERN } from "./compose-headers.js";
import { applyRules } from "./match-pattern.js";

const root = mkdtempSync(join(tmpdir(), "shortlinks-headers-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const composed = composeHeaders({
  root,
  defaultsDir: join(packageRoot(), "defaults"),
  generator: "shortlinks/test",
  site: { code_host_api: "https://api.github.com" },
  customHtml: [],
});

describe("defaults/_headers composed", () => {
  it("the {private_files} rule stands for every private file of the contract and the shards", async () => {
    const { rules, diagnostics } = await composed;
    expect(diagnostics).toEqual([]);
    expect(rules.map((r) => r.pattern)).not.toContain(PRIVATE_FILES_PATTERN);
    expect(rules.map((r) => r.pattern)).toEqual(
      expect.arrayContaining([...PRIVATE_FILES, SHARD_DIR + "*"]),
    );
  });

  it.each([...PRIVATE_FILES, shardPath(0)])("%s is no-store and noindex", async (path) => {
    const headers = applyRules((await composed).rules, path);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("x-robots-tag")).toMatch(/noindex/);
  });
});
