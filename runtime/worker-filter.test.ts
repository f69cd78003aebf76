import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dirAssets } from "../test/support/assets-stub.js";
import { handleRequest } from "./engine/handle.js";

const ASSETS_DIR = join(import.meta.dirname, "../fixtures/valid-basic/expected/assets");
const FILTER = "/links-shards/filter.bin";

describe("the registry's filter is read after the first miss, never before an answer", () => {
  it("answers of links never read it; the first miss answers from its shard, then hands the filter's read to waitUntil", async () => {
    const assets = dirAssets(ASSETS_DIR);
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
    const env = { ASSETS: assets };
    const hit = await handleRequest(new Request("https://go.example.org/docs"), env, ctx);
    expect(hit.headers.get("location")).toBe("https://docs.example.com/");
    expect(assets.requests).toContain("/links-shards/0.jsonl");
    expect(assets.requests).not.toContain(FILTER);
    expect(pending).toHaveLength(0);

    const miss = await handleRequest(new Request("https://go.example.org/nothing-here"), env, ctx);
    expect(miss.status).toBe(404);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect(assets.requests.at(-1)).toBe(FILTER);

    const reads = assets.requests.length;
    const again = await handleRequest(new Request("https://go.example.org/nor-here"), env, ctx);
    expect(again.status).toBe(404);
    expect(pending).toHaveLength(1); // read once
    expect(assets.requests.slice(reads).filter((p) => p.startsWith("/links-shards/"))).toEqual([]);
  });
});
