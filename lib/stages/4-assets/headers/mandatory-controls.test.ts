import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseHeaders } from "./parse-headers.js";
import { mandatoryReferences } from "./check-overrides.js";
import {
  BASELINE_HEADERS,
  MANDATORY_CONTROLS,
  mandatoryValues,
} from "../../../../runtime/http/mandatory.js";

const DEFAULTS = readFileSync(new URL("../../../../defaults/_headers", import.meta.url), "utf8")
  .replaceAll("{generator}", "shortlinks/test")
  .replaceAll("{code_host_api}", "https://api.github.com");
const { values: REF, diagnostics } = mandatoryReferences(
  parseHeaders(DEFAULTS, "defaults/_headers").rules,
);
const control = (header: string) => MANDATORY_CONTROLS.find((c) => c.header === header)!;

describe("mandatory controls", () => {
  it("the product defaults set all eight, and each keeps its own control", () => {
    expect(diagnostics).toEqual([]);
    expect(Object.keys(REF).sort()).toEqual(MANDATORY_CONTROLS.map((c) => c.header).sort());
  });

  it.each<[string, string | undefined, boolean]>([
    ["x-generated-by", "shortlinks/test", true],
    ["x-generated-by", "shortlinks/test, other", false],
    ["x-robots-tag", "noindex, nofollow, noarchive", true],
    ["x-robots-tag", "NONE", true],
    ["x-robots-tag", "noindex", false],
    ["x-robots-tag", undefined, false],
    ["strict-transport-security", "max-age=63072000", true],
    ["strict-transport-security", "max-age=60", false],
    ["strict-transport-security", "max-age=31536000; includeSubDomains", false],
    ["strict-transport-security", "max-age=31536000, max-age=31536000", false],
    ["x-content-type-options", "nosniff, nosniff", true],
    ["x-content-type-options", "nosniff, sniff", false],
    ["x-frame-options", "deny", true],
    ["x-frame-options", "DENY, SAMEORIGIN", false],
    ["referrer-policy", "no-referrer", true],
    ["referrer-policy", "strict-origin-when-cross-origin, same-origin", true],
    ["referrer-policy", "no-referrer, unsafe-url", false],
    ["referrer-policy", "origin", false],
    ["permissions-policy", `${REF["permissions-policy"]}, fullscreen=(self)`, true],
    ["permissions-policy", `${REF["permissions-policy"]}, camera=*`, false],
    ["permissions-policy", "camera=()", false],
    ["permissions-policy", `${REF["permissions-policy"]}, x=(self "https://a.example")`, false],
    ["content-security-policy", "frame-ancestors 'none'; base-uri 'self'", true],
    ["content-security-policy", "default-src *, frame-ancestors 'none'; base-uri 'none'", true],
    [
      "content-security-policy",
      "frame-ancestors *; frame-ancestors 'none'; base-uri 'self'",
      false,
    ],
    ["content-security-policy", "frame-ancestors 'self'; base-uri 'self'", false],
    ["content-security-policy", "frame-ancestors 'none'", false],
  ])("%s: %j keeps the control: %s", (header, value, holds) => {
    expect(control(header).holds(value, REF[header])).toBe(holds);
  });

  it("a merged value that keeps its control is sent; one that does not gives way to the default", () => {
    const merged = new Map<string, string | null>([
      ["x-robots-tag", "noindex, nofollow, noarchive"],
      ["x-frame-options", "DENY, SAMEORIGIN"],
      ["referrer-policy", null],
    ]);
    const out = mandatoryValues(merged, REF);
    expect(out["x-robots-tag"]).toBe("noindex, nofollow, noarchive");
    expect(out["x-frame-options"]).toBe("DENY");
    expect(out["referrer-policy"]).toBe(REF["referrer-policy"]);
    expect(Object.keys(out).length).toBe(8);
  });

  it("the answer without a site configuration keeps every control but the generator's", () => {
    for (const c of MANDATORY_CONTROLS.filter((c) => c.header !== "x-generated-by"))
      expect(c.holds(BASELINE_HEADERS[c.header], REF[c.header]), c.header).toBe(true);
  });
});
