import { describe, expect, it } from "vitest";
import { refusedAddress, safeAddresses, safeLookup, UnsafeAddressError } from "./safe-lookup.js";
import { pinTable } from "./pins.js";
import { tableResolver } from "../../../test/support/health-run.js";
import { METADATA_ENDPOINTS, parseIPv4, parseIPv6 } from "../../../runtime/targets/index.js";

const resolver = tableResolver({
  "public.example": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "inside.example": ["93.184.215.14", "10.0.0.7"],
  "metadata.example": ["169.254.169.254"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "ula.example": ["fd00::1"],
  "empty.example": [],
});
const none = pinTable([]);

describe("every address a name resolves to passes rule 7's ranges", () => {
  it.each([
    ["10.0.0.7", "private-use (10.0.0.0/8)"],
    ["127.0.0.1", "loopback (127.0.0.0/8)"],
    [
      "169.254.169.254",
      "cloud metadata endpoint (AWS, Google Cloud, Azure, Oracle Cloud, DigitalOcean, OpenStack, Hetzner, Linode, IBM Cloud)",
    ],
    ["169.254.1.1", "link-local (cloud metadata) (169.254.0.0/16)"],
    ["::1", "loopback (::1/128)"],
    ["::ffff:10.0.0.1", "IPv4-mapped (::ffff:0:0/96)"],
    ["fd00::1", "unique-local (fc00::/7)"],
    ["93.184.215.14", null],
    ["2606:2800:21f:cb07:6820:80da:af6b:8b2c", null],
  ])("rule 7 on a resolved address: %s -> %s", (address, why) => {
    expect(refusedAddress(address)).toBe(why);
  });

  it.each(METADATA_ENDPOINTS.filter((e) => parseIPv4(e.host) ?? parseIPv6(e.host)))(
    "a name resolving to the metadata endpoint $host is refused, public address or not",
    ({ host, provider }) => {
      expect(refusedAddress(host)).toBe(`cloud metadata endpoint (${provider})`);
    },
  );

  it("a public name with only public addresses is connected to", async () => {
    const found = await safeAddresses("public.example", { port: 443, pins: none, resolver });
    expect(found.map((a) => a.address)).toEqual([
      "93.184.215.14",
      "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
    ]);
  });

  it.each([
    ["inside.example", "inside.example resolves to 10.0.0.7: private-use (10.0.0.0/8)"],
    ["metadata.example", "metadata.example resolves to 169.254.169.254: cloud metadata endpoint"],
    ["mapped.example", "mapped.example resolves to ::ffff:127.0.0.1: IPv4-mapped"],
    ["ula.example", "ula.example resolves to fd00::1: unique-local"],
  ])("a public name pointing inside is refused: %s", async (name, message) => {
    const lookup = safeAddresses(name, { port: 443, pins: none, resolver });
    await expect(lookup).rejects.toBeInstanceOf(UnsafeAddressError);
    await expect(lookup).rejects.toThrow(message);
  });

  it("a name with no address fails like DNS (ENOTFOUND)", async () => {
    await expect(
      safeAddresses("empty.example", { port: 443, pins: none, resolver }),
    ).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("the operator's --resolve pin is honoured even to loopback, and DNS is not asked", async () => {
    const pins = pinTable([{ host: "inside.example", port: 8443, addresses: ["127.0.0.1"] }]);
    const asked: string[] = [];
    const found = await safeAddresses("inside.example", {
      port: 8443,
      pins,
      resolver: async (name) => (asked.push(name), []),
    });
    expect(found).toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect(asked).toEqual([]);
    // Another port of the same name is not pinned: DNS decides, and its answer is judged.
    await expect(safeAddresses("inside.example", { port: 443, pins, resolver })).rejects.toThrow(
      UnsafeAddressError,
    );
  });

  it("the lookup answers in both shapes Node asks for (all: true and a single address)", async () => {
    const lookup = safeLookup({ port: 443, pins: none, resolver });
    const all = await new Promise((done) =>
      lookup("public.example", { all: true }, (err, addresses) => done([err, addresses])),
    );
    expect(all).toEqual([
      null,
      [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
    ]);
    const one = await new Promise((done) =>
      lookup("public.example", { family: 6 }, (err, address, family) =>
        done([err, address, family]),
      ),
    );
    expect(one).toEqual([null, "2606:2800:21f:cb07:6820:80da:af6b:8b2c", 6]);
    const refused = await new Promise<NodeJS.ErrnoException | null>((done) =>
      lookup("inside.example", { all: true }, (err) => done(err)),
    );
    expect(refused).toBeInstanceOf(UnsafeAddressError);
  });
});
