/** Who a private link answers (docs/private-links.md#allow-two-allowances). */
import { describe, expect, it } from "vitest";
import type { AccessZone, LinkRecord } from "./contract/index.js";
import { privateRefusal, userAllowed } from "./private-links.js";

const STAFF: AccessZone = { name: "staff", prefix: "staff", aud: "a" };
const link = (extra: Partial<LinkRecord>): LinkRecord => ({
  kind: "exact",
  key: "staff/x",
  slug: "staff/x",
  target: "https://example.com/",
  status: 302,
  state: "active",
  forward_query: false,
  file: "custom/links/a.yaml",
  line: 1,
  zone: "staff",
  ...extra,
});

describe("userAllowed: the token's email against emails and email_domains, in lower case", () => {
  const allow = { emails: ["carol@example.com"], email_domains: ["hr.example.com"] };
  it.each([
    ["carol@example.com", true],
    ["CAROL@Example.com", true],
    ["dana@hr.example.com", true],
    ["dana@x.hr.example.com", false],
    ["dana@example.com", false],
    ["hr.example.com", false],
    [undefined, false],
  ])("%s: %s", (email, allowed) => {
    expect(userAllowed(allow, email)).toBe(allowed);
  });
});

describe("privateRefusal: only the zone's own links answer inside it", () => {
  it("a link of the zone answers its members", () => {
    expect(privateRefusal(link({}), STAFF, { zone: "staff" })).toBeNull();
  });

  it("a public link (a splat above the zone) does not answer inside it", () => {
    expect(privateRefusal(link({ zone: undefined }), STAFF, { zone: "staff" })).toContain(
      "does not answer inside zone staff",
    );
  });

  it("an allow list refuses whoever it does not name, and a token without e-mail", () => {
    const narrow = link({ allow_users: { emails: ["carol@example.com"] } });
    expect(privateRefusal(narrow, STAFF, { zone: "staff", email: "carol@example.com" })).toBeNull();
    expect(
      privateRefusal(narrow, STAFF, { zone: "staff", email: "eve@example.com" }),
    ).not.toBeNull();
    expect(privateRefusal(narrow, STAFF, { zone: "staff" })).not.toBeNull();
  });
});
