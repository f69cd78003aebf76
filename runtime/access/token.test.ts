import { describe, expect, it } from "vitest";
import { extractAccessToken } from "./token.js";

const request = (headers: Record<string, string>) =>
  new Request("https://go.example.com/en/_stats/", { headers });

describe("access token: Cf-Access-Jwt-Assertion first, CF_Authorization cookie as fallback, nothing else", () => {
  it.each<[string, Record<string, string>, string | null]>([
    ["header", { "Cf-Access-Jwt-Assertion": "h.e.ader" }, "h.e.ader"],
    ["header in another case", { "cf-access-jwt-assertion": "h.e.ader" }, "h.e.ader"],
    [
      "header wins over cookie",
      { "Cf-Access-Jwt-Assertion": "h.e.ader", Cookie: "CF_Authorization=c.o.okie" },
      "h.e.ader",
    ],
    [
      "blank header falls back to cookie",
      { "Cf-Access-Jwt-Assertion": " ", Cookie: "CF_Authorization=c.o.okie" },
      "c.o.okie",
    ],
    ["cookie alone", { Cookie: "CF_Authorization=c.o.okie" }, "c.o.okie"],
    ["cookie among others", { Cookie: "a=1; CF_Authorization=c.o.okie; b=2" }, "c.o.okie"],
    ["cookie name is case-sensitive", { Cookie: "cf_authorization=c.o.okie" }, null],
    ["cookie with a longer name", { Cookie: "XCF_Authorization=c.o.okie" }, null],
    ["empty cookie", { Cookie: "CF_Authorization=" }, null],
    ["Authorization header is ignored", { Authorization: "Bearer h.e.ader" }, null],
    ["nothing", {}, null],
  ])("token source: %s", (_name, headers, expected) => {
    expect(extractAccessToken(request(headers))).toBe(expected);
  });
});
