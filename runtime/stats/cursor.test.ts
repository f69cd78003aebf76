import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, MAX_CURSOR_LENGTH } from "./cursor.js";

describe("stats cursor", () => {
  it.each([
    ["a plain key", { from: "all docs/\u0000", total: 12 }],
    ["a key with non-ASCII letters", { from: "tag:caf%C3%A9 café/über", total: 0 }],
    ["a large total", { from: "all ", total: 1_000_000 }],
  ])("%s survives the round trip, in URL-safe characters", (_what, cursor) => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ["not base64", "%%"],
    ["base64 of something else", Buffer.from("hello").toString("base64url")],
    ["a JSON object", Buffer.from('{"from":"a","total":1}').toString("base64url")],
    ["a negative total", Buffer.from('["a",-1]').toString("base64url")],
    ["a fractional total", Buffer.from('["a",1.5]').toString("base64url")],
    [
      "invalid UTF-8",
      Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x2c, 0x31, 0x5d]).toString("base64url"),
    ],
    ["too long", "A".repeat(MAX_CURSOR_LENGTH + 1)],
    ["empty", ""],
  ])("%s is not a cursor", (_what, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
