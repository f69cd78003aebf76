/** PROVIDER_A_GEO_IP_MODE: full as is, truncated to IPv4 /24 or IPv6 /48, none omitted. */
import { describe, expect, it } from "vitest";
import { expandIpv6, visitorIp } from "./ip.js";

describe("visitorIp", () => {
  it.each([
    ["full", "192.0.2.45", "192.0.2.45"],
    ["truncated", "192.0.2.45", "192.0.2.0"],
    ["truncated", "10.0.0.255", "10.0.0.0"],
    ["none", "192.0.2.45", undefined],
    ["full", "2001:DB8::1", "2001:db8::1"],
    ["truncated", "2001:db8:abcd:12::1", "2001:db8:abcd::"],
    ["truncated", "2001:db8::1", "2001:db8:0::"],
    ["truncated", "::1", "0:0:0::"],
    ["truncated", "::ffff:198.51.100.7", "198.51.100.0"],
    ["truncated", "64:ff9b::192.0.2.33", "64:ff9b:0::"],
    ["truncated", "256.1.1.1", undefined],
    ["truncated", "01.2.3.4", undefined],
    ["full", "1:2:3:4:5:6:7:8:9", undefined],
    ["full", "1::2::3", undefined],
    ["truncated", "", undefined],
  ] as const)("mode %s: %s is sent as %s", (mode, raw, sent) => {
    expect(visitorIp(raw, mode)).toBe(sent);
  });

  it("no CF-Connecting-IP header: no ip field in any mode", () => {
    expect(visitorIp(null, "full")).toBeUndefined();
    expect(visitorIp(null, "truncated")).toBeUndefined();
  });
});

describe("expandIpv6", () => {
  it.each([
    ["2001:db8::", [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]],
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["1:2:3:4:5:6:7:8", [1, 2, 3, 4, 5, 6, 7, 8]],
    ["1:2:3:4:5:6:192.0.2.1", [1, 2, 3, 4, 5, 6, 0xc000, 0x0201]],
    ["::ffff:192.0.2.1", [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]],
    ["1:2:3:4:5:6:7", undefined],
    ["12345::", undefined],
    [":1:2:3:4:5:6:7", undefined],
    ["g::1", undefined],
  ] as const)("%s expands to %j", (text, groups) => {
    expect(expandIpv6(text)).toEqual(groups);
  });
});
