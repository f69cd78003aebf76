import { describe, expect, it } from "vitest";
import { cursorKey, decodeCursor, encodeCursor, MAX_CURSOR_LENGTH, sameQuery } from "./cursor.js";

const KEY = cursorKey({ schema: "index", links: 3 });
const OTHER_KEY = cursorKey({ schema: "index", links: 4 });
const b64 = (bytes: string | Uint8Array) => Buffer.from(bytes).toString("base64url");

describe("stats cursor", () => {
  it.each([
    ["a plain key", { query: ["links", "all", "docs/"], from: "all docs/\u0000", total: 12 }],
    [
      "a key with non-ASCII letters",
      { query: ["links", "tag:caf%C3%A9", "café/"], from: "tag:caf%C3%A9 café/über", total: 0 },
    ],
    ["a large total", { query: ["links", "all", ""], from: "all ", total: 1_000_000 }],
  ])("%s survives the round trip, in URL-safe characters", async (_what, cursor) => {
    const text = await encodeCursor(cursor, await KEY);
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(await decodeCursor(text, await KEY)).toEqual(cursor);
  });

  it("a cursor signed with another build's key is not one", async () => {
    const text = await encodeCursor({ query: [], from: "all ", total: 1 }, await OTHER_KEY);
    expect(await decodeCursor(text, await KEY)).toBeNull();
  });

  it.each([
    ["not base64", "%%"],
    ["base64 of something else", b64("hello")],
    ["the unsigned form of earlier versions", b64('["all a",1]')],
    ["a payload with a made-up signature", `${b64('[[],"a",1]')}.${b64("0123456789abcdef")}`],
    [
      "invalid UTF-8",
      `${b64(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x2c, 0x31, 0x5d]))}.${b64("0123456789abcdef")}`,
    ],
    ["too long", "A".repeat(MAX_CURSOR_LENGTH + 1)],
    ["empty", ""],
  ])("%s is not a cursor", async (_what, text) => {
    expect(await decodeCursor(text, await KEY)).toBeNull();
  });

  it("names the query it was made for", () => {
    const cursor = { query: ["links", "all", "a"], from: "all a", total: 1 };
    expect(sameQuery(cursor, ["links", "all", "a"])).toBe(true);
    expect(sameQuery(cursor, ["links", "state:active", "a"])).toBe(false);
    expect(sameQuery(cursor, ["links", "all"])).toBe(false);
  });
});
