import { describe, expect, it } from "vitest";
import { formatCidr, inCidr, parseAddress, parseCidr, type Cidr } from "./cidr.js";

const block = (text: string) => parseCidr(text) as Cidr;

describe("ip: blocks and addresses are read strictly", () => {
  it.each([
    ["192.0.2.0/24", "192.0.2.0/24"],
    ["192.0.2.7", "192.0.2.7/32"],
    ["2001:DB8::/32", "2001:db8::/32"],
    ["2001:db8:0:0:0:0:0:1", "2001:db8::1/128"],
    ["::ffff:192.0.2.0/120", "192.0.2.0/24"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["fe80:0:0:1::/64", "fe80:0:0:1::/64"],
  ])("%s is the block %s", (text, canonical) => {
    expect(formatCidr(block(text))).toBe(canonical);
  });

  it.each([
    ["192.0.2.1/24", "host bits are set (the block is 192.0.2.0/24)"],
    ["10.0.0.0/33", "the prefix length must be 0 to 32"],
    ["010.0.0.1", "not an IPv4 or IPv6 address"],
    ["0x7f.1", "not an IPv4 or IPv6 address"],
    ["256.1.1.1", "not an IPv4 or IPv6 address"],
    ["[2001:db8::]/32", "not an IPv4 or IPv6 address"],
    ["10.0.0.0/08", "the prefix length must be 0 to 32"],
    ["intranet", "not an IPv4 or IPv6 address"],
  ])("%s is refused: %s", (text, why) => {
    expect(parseCidr(text)).toBe(why);
  });
});

describe("ip: an address inside a block", () => {
  it.each([
    ["192.0.2.77", "192.0.2.0/24", true],
    ["192.0.3.1", "192.0.2.0/24", false],
    ["10.200.0.1", "10.128.0.0/9", true],
    ["10.127.0.1", "10.128.0.0/9", false],
    ["2001:db8:1::5", "2001:db8::/32", true],
    ["2001:db9::1", "2001:db8::/32", false],
    ["::ffff:192.0.2.9", "192.0.2.0/24", true],
    ["192.0.2.9", "::/0", false],
    ["203.0.113.5", "0.0.0.0/0", true],
  ])("%s in %s: %s", (address, cidr, inside) => {
    expect(inCidr(parseAddress(address) as number[], block(cidr))).toBe(inside);
  });
});
