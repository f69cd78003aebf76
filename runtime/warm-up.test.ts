import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dirAssets } from "../test/support/assets-stub.js";
import { answerRequest } from "./engine/answer.js";
import { handleRequest } from "./engine/handle.js";
import { warmUp } from "./warm-up.js";

const ASSETS_DIR = join(import.meta.dirname, "../fixtures/valid-basic/expected/assets");
const ctx = { waitUntil: () => undefined };

describe("start-up warm-up", () => {
  it("runs a whole redirect through the request path without reading any file", async () => {
    expect(await warmUp(answerRequest)).toBe(302);
  });

  it("shares nothing with real requests: an instance reads its own files and has no warm-up link", async () => {
    await warmUp(answerRequest);
    const assets = dirAssets(ASSETS_DIR);
    const env = { ASSETS: assets };
    const miss = await handleRequest(new Request("https://go.example.org/warm-up"), env, ctx);
    expect(miss.status).toBe(404);
    const hit = await handleRequest(new Request("https://go.example.org/docs"), env, ctx);
    expect(hit.status).toBe(301); // the fixture's default_status
    expect(hit.headers.get("location")).toBe("https://docs.example.com/");
    expect(assets.requests).toContain("/links.json");
    expect(assets.requests).toContain("/links-site-config.json");
  });

  it("a failure in the warm-up is swallowed, never thrown at start-up", async () => {
    const failing = () => Promise.reject(new Error("bug"));
    expect(await warmUp(failing)).toBe(0);
    expect(
      await warmUp(() => {
        throw new Error("sync bug");
      }),
    ).toBe(0);
  });
});
