import { describe, expect, it } from "vitest";
import { isoTime, shortCodeOf } from "./short-code.js";

describe("short codes and times of exports", () => {
  it("a short URL's path is the slug, each segment decoded", () => {
    expect(shortCodeOf("https://bit.ly/caf%C3%A9")).toEqual({ slug: "café", domain: "bit.ly" });
    expect(shortCodeOf("go.example.com/a/b")).toEqual({ slug: "a/b", domain: "go.example.com" });
    expect(shortCodeOf("abc")).toEqual({ slug: "abc" });
  });

  it("an encoded / or \\ stays encoded: it never becomes a separator (the slug check refuses it)", () => {
    expect(shortCodeOf("https://bit.ly/a%2Fb").slug).toBe("a%2Fb");
    expect(shortCodeOf("x%5cy").slug).toBe("x%5cy");
  });

  it("a time without an offset is UTC, whatever the machine's time zone", () => {
    expect(isoTime("2030-01-01 10:00:00")).toBe("2030-01-01T10:00:00Z");
    expect(isoTime("2030-01-01T10:00")).toBe("2030-01-01T10:00:00Z");
    expect(isoTime("2030-01-01T10:00:00+02:00")).toBe("2030-01-01T08:00:00Z");
    expect(isoTime(1_900_000_000)).toBe("2030-03-17T17:46:40Z");
    expect(isoTime("soon")).toBeUndefined();
  });
});
