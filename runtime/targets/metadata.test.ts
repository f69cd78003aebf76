import { describe, expect, it } from "vitest";
import { CASE_POLICY } from "../../test/cases/targets.js";
import { checkTarget, METADATA_ENDPOINTS, parseIPv4, parseIPv6 } from "./index.js";

/** Every allowable rule, with a reason: the strongest allowance an editor can write. */
const OPEN_ALL = { rules: ["SL206", "SL207", "6", "7"], reason: "office network" };
const isAddress = (host: string) => parseIPv6(host) !== null || parseIPv4(host) !== null;

/** The spellings a browser folds to the same host (case, trailing dot, number forms), and the rule. */
function spellings(host: string): [string, 6 | 7][] {
  const v6 = parseIPv6(host);
  if (v6) {
    const groups = [0, 2, 4, 6, 8, 10, 12, 14].map((i) => ((v6[i] << 8) | v6[i + 1]).toString(16));
    return [`[${host}]`, `[${host.toUpperCase()}]`, `[${groups.join(":")}]`].map((s) => [s, 7]);
  }
  const v4 = parseIPv4(host);
  if (v4) {
    const n = v4.reduce((value, byte) => value * 256 + byte, 0);
    return [host, String(n), `0x${n.toString(16)}`, `[::ffff:${host}]`].map((s) => [s, 7]);
  }
  return [host, `${host}.`, host.toUpperCase(), `x.${host}`].map((s) => [s, 6]);
}

describe("cloud metadata endpoints", () => {
  it("the list covers the major clouds, names and addresses", () => {
    const providers = METADATA_ENDPOINTS.map((e) => e.provider).join(" ");
    for (const cloud of ["AWS", "Google Cloud", "Azure", "Alibaba", "Oracle", "DigitalOcean"])
      expect(providers).toContain(cloud);
    expect(METADATA_ENDPOINTS.filter((e) => isAddress(e.host)).length).toBeGreaterThan(0);
    expect(METADATA_ENDPOINTS.filter((e) => !isAddress(e.host)).length).toBeGreaterThan(0);
    expect(new Set(METADATA_ENDPOINTS.map((e) => e.host)).size).toBe(METADATA_ENDPOINTS.length);
  });

  it.each(METADATA_ENDPOINTS.flatMap((e) => spellings(e.host).map(([h, rule]) => [h, rule])))(
    "rules 6/7: %s is refused by rule %i in every spelling, even with every allowance",
    (host, rule) => {
      for (const allow of [undefined, OPEN_ALL]) {
        const verdict = checkTarget(`http://${host}/latest/meta-data/`, CASE_POLICY, allow);
        expect(verdict).toMatchObject({ ok: false, rule });
      }
    },
  );

  it.each(METADATA_ENDPOINTS.map((e) => [e.host, e.provider]))(
    "the refusal of %s names the provider (%s) and says no allowance opens it",
    (host, provider) => {
      const literal = host.includes(":") ? `[${host}]` : host;
      const verdict = checkTarget(`http://${literal}/`, CASE_POLICY, OPEN_ALL);
      expect(verdict.ok ? "" : verdict.message).toContain(`(${provider}); no allowance opens it`);
    },
  );

  it.each([
    ["http://metadata.google.internal.example.com/", "a public name that merely contains one"],
    ["http://notmetadata.goog/", "a sibling name"],
    ["http://100.100.100.201/", "the next address"],
  ])("%s stays judged by the ordinary rules (%s)", (target) => {
    const verdict = checkTarget(target, CASE_POLICY, OPEN_ALL);
    if (!verdict.ok) expect(verdict.message).not.toContain("metadata endpoint");
  });
});
