import { describe, expect, it } from "vitest";
import { forwardQuery } from "./location.js";

describe("query forwarding (forward_query: true)", () => {
  it.each([
    ["https://a.example/x", "?q=1", "https://a.example/x?q=1"],
    ["https://a.example/x?lang=en", "?lang=fr&q=1", "https://a.example/x?lang=en&q=1"],
    ["https://a.example/x?a=%20b", "?c=d", "https://a.example/x?a=%20b&c=d"],
    ["https://a.example/x", "?a=1&a=2", "https://a.example/x?a=1&a=2"],
    ["https://a.example/x?a", "?a=2&b", "https://a.example/x?a&b"],
    ["https://a.example/x#frag", "?q=1", "https://a.example/x?q=1#frag"],
    ["https://a.example/x", "?", "https://a.example/x"],
    ["https://a.example/x?k%20ey=1", "?k+ey=2", "https://a.example/x?k%20ey=1"],
  ])("%s + %s -> %s", (target, search, expected) => {
    expect(forwardQuery(target, search)).toBe(expected);
  });
});
