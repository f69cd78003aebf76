import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dirAssets } from "../test/support/assets-stub.js";
import { handleRequest } from "./worker.js";

const ASSETS_DIR = join(import.meta.dirname, "../fixtures/valid-basic/expected/assets");

describe("the registry's filter is read after the first answer, not before it", () => {
  it("the first request answers from its shard, then hands the filter's read to waitUntil", async () => {
    const assets = dirAssets(ASSETS_DIR);
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
    const env = { ASSETS: assets };
    const hit = await handleRequest(new Request("https://go.example.org/docs"), env, ctx);
    expect(hit.headers.get("location")).toBe("https://docs.example.com/");
    const shard = assets.requests.indexOf("/links-shards/0.jsonl");
    const filter = assets.requests.indexOf("/links-shards/filter.bin");
    expect(shard).toBeGreaterThanOrEqual(0);
    expect(filter).toBeGreaterThan(shard);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const miss = await handleRequest(new Request("https://go.example.org/nothing-here"), env, ctx);
    expect(miss.status).toBe(404);
    expect(pending).toHaveLength(1); // read once
    expect(assets.requests.filter((p) => p === "/links-shards/filter.bin")).toHaveLength(1);
  });
});
