/** Which zone a path lies in (docs/private-links.md#zones). */
import { describe, expect, it } from "vitest";
import type { AccessZone } from "../contract/index.js";
import { zoneOfKey, zoneOfPath } from "./zones.js";

const ZONES: AccessZone[] = [
  { name: "vault", prefix: "files/vault", aud: "a" },
  { name: "staff", prefix: "staff", aud: "a" },
  { name: "files", prefix: "files", aud: "a" },
];

describe("zoneOfKey: segment boundaries, case-folded, longest prefix", () => {
  it.each([
    ["staff", "staff"],
    ["staff/oncall", "staff"],
    ["Staff/OnCall", "staff"],
    ["files/vault/plans", "vault"],
    ["files/vaults", "files"],
    ["files", "files"],
    ["staffing", undefined],
    ["sta", undefined],
    ["", undefined],
  ])("%j lies in %s", (key, zone) => {
    expect(zoneOfKey(key, ZONES)?.name).toBe(zone);
  });
});

describe("zoneOfPath: every spelling the normaliser accepts", () => {
  it.each(["/staff/x", "//STAFF//x/", "/st%61ff/x", "/%53taff"])("%s lies in staff", (path) => {
    expect(zoneOfPath(path, ZONES)?.name).toBe("staff");
  });

  it("a site without zones has none", () => {
    expect(zoneOfPath("/staff/x", undefined)).toBeUndefined();
    expect(zoneOfPath("/staff/x", [])).toBeUndefined();
  });
});
