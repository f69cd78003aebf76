import { describe, expect, it } from "vitest";
import { SITE_SCHEMA } from "../1-sources/site/site-schema.js";
import { buildDay, buildSecurityTxt } from "./security-txt.js";

const site = (extra: Record<string, unknown>) =>
  SITE_SCHEMA.parse({
    site_name: "Go",
    base_url: "https://go.example.org",
    default_lang: "fr",
    case_sensitive: false,
    trailing_slash: "ignore",
    default_status: 302,
    redirect_max_age: 0,
    code_host_api: "https://api.github.com",
    ...extra,
  });
const DAY = new Date("2026-03-01T00:00:00Z");

describe("security.txt (RFC 9116)", () => {
  it("none without a security contact", () => {
    expect(buildSecurityTxt(site({ contacts: { abuse: "mailto:a@go.example.org" } }), DAY)).toBe(
      undefined,
    );
  });

  it("Contact, Expires after the configured days, Preferred-Languages and Canonical", () => {
    const text = buildSecurityTxt(
      site({
        contacts: { security: ["mailto:sec@go.example.org", "https://go.example.org/report"] },
        security_txt: { expires_in_days: 30 },
      }),
      DAY,
    );
    expect(text).toBe(
      [
        "Contact: mailto:sec@go.example.org",
        "Contact: https://go.example.org/report",
        "Expires: 2026-03-31T00:00:00.000Z",
        "Preferred-Languages: fr",
        "Canonical: https://go.example.org/.well-known/security.txt",
        "",
      ].join("\n"),
    );
  });

  it("Policy names the security page once it is published; languages as configured", () => {
    const text = buildSecurityTxt(
      site({
        contacts: { security: "mailto:sec@go.example.org" },
        pages: { security: "published" },
        security_txt: { languages: ["en", "fr-CA"] },
      }),
      DAY,
    );
    expect(text).toContain("Expires: 2026-08-28T00:00:00.000Z\n"); // 180 days by default
    expect(text).toContain("Preferred-Languages: en, fr-CA\n");
    expect(text).toMatch(/\nPolicy: https:\/\/go\.example\.org\/security\n$/);
  });

  it("the build day is SOURCE_DATE_EPOCH's when set, else today, at 00:00 UTC", () => {
    expect(buildDay({ SOURCE_DATE_EPOCH: "1772409600" }).toISOString()).toBe(
      "2026-03-02T00:00:00.000Z",
    );
    expect(buildDay({}, Date.parse("2026-03-02T23:59:59Z")).toISOString()).toBe(
      "2026-03-02T00:00:00.000Z",
    );
  });

  it("expires_in_days stays under a year, as RFC 9116 recommends (SL502)", () => {
    const result = SITE_SCHEMA.safeParse({
      ...site({}),
      security_txt: { expires_in_days: 400 },
    });
    expect(result.success).toBe(false);
  });
});
