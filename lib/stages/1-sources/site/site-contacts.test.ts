import { describe, expect, it } from "vitest";
import { isContactUri } from "./site-contacts.js";

describe("contacts: a mailto: address or an https: URL, on one line (SL510)", () => {
  it.each([
    "mailto:security@example.org",
    "MAILTO:abuse@example.org",
    "mailto:abuse@example.org?subject=Report",
    "https://example.org/security",
    "https://example.org/report?lang=fr#form",
  ])("%s is a contact", (value) => {
    expect(isContactUri(value)).toBe(true);
  });

  it.each([
    ["security@example.org", "an address without mailto:"],
    ["http://example.org/report", "plain http"],
    ["tel:+15551234567", "another scheme"],
    ["mailto:", "no address"],
    ["mailto:a@b", "no domain"],
    ["mailto:a@example.org,b@example.org", "two addresses"],
    [
      "mailto:a@example.org\nExpires: 2099-01-01T00:00:00Z",
      "a line break (security.txt injection)",
    ],
    ["https://example.org/a b", "a space"],
    ["https://user:pw@example.org/", "credentials"],
    ["https://", "no host"],
  ])("%j is refused: %s", (value) => {
    expect(isContactUri(value)).toBe(false);
  });
});
