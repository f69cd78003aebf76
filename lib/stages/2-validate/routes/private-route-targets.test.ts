// A private link's route targets are judged with the link's zone, as the worker judges the target
// the routes chose (docs/private-links.md): allow_targets opens rules 6 and 7, {user.*} is filled,
// and an e-mail leaves only for the hosts the zone lists (SL536).
import { describe, expect, it } from "vitest";
import { TEST_POLICY } from "../../../../test/support/policy.js";
import { readYamlRowsFull } from "../../1-sources/links/read-yaml.js";
import { checkRow } from "../../1-sources/links/load-sources.js";
import type { SourceLink } from "../../1-sources/links/row-schema.js";
import { validateLinks } from "../validate-links.js";

function rows(yaml: string): SourceLink[] {
  return readYamlRowsFull(yaml, "custom/links/links.yaml").rows.map((row) => {
    const checked = checkRow(row);
    if (!("link" in checked)) throw new Error(JSON.stringify(checked.diagnostics));
    return checked.link;
  });
}

const STAFF = { name: "staff", prefix: "staff", aud: "staff-aud", allow_targets: ["wiki.corp"] };

const validate = (yaml: string) =>
  validateLinks({
    links: rows(yaml),
    site: { case_sensitive: false, default_status: 302 },
    policy: TEST_POLICY,
    staticPaths: [],
    zones: [STAFF],
  });

const codes = (yaml: string) =>
  validate(yaml).diagnostics.map((d) => `${d.line}: ${d.code} ${d.message}`);

describe("a private link's route targets are judged with its zone", () => {
  it("allow_targets opens an intranet host for a route's target as for the link's own", () => {
    const { links, diagnostics } = validate(`
- slug: staff/desk
  target: https://desk.example.com/
  routes:
    - when: { query: { v: intranet } }
      target: http://wiki.corp/desk
    - split:
        - { weight: 1, target: "http://wiki.corp/a" }
        - { weight: 1, target: "https://desk.example.com/b" }
`);
    expect(diagnostics).toEqual([]);
    expect(links[0].routes?.[0].target).toBe("http://wiki.corp/desk");
  });

  it("{user.email} and {user.local} may stand in a route's target of a private link", () => {
    const { links, diagnostics } = validate(`
- slug: staff/me2
  target: http://wiki.corp/users/{user.local}
  routes:
    - when: { query: { tab: mail } }
      target: http://wiki.corp/mail?to={user.email}
`);
    expect(diagnostics).toEqual([]);
    expect(links[0].routes?.[0].target).toBe("http://wiki.corp/mail?to={user.email}");
  });

  it("SL536: a route's target may not send the e-mail to a host the zone does not list", () => {
    expect(
      codes(`
- slug: staff/me3
  target: http://wiki.corp/users/{user.local}
  routes:
    - when: { query: { tab: mail } }
      target: https://tracker.example.com/?who={user.email}
`),
    ).toEqual([
      `6: SL536 link "staff/me3", route 1: the target sends the person's e-mail to tracker.example.com, which zone "staff" does not list in allow_targets`,
    ]);
  });

  it("SL535: a malformed {user.*} in a route's target is refused with the route's line", () => {
    expect(
      codes(`
- slug: staff/me4
  target: http://wiki.corp/
  routes:
    - when: { query: { tab: mail } }
      target: http://{user.local}.wiki.corp/
`),
    ).toEqual([
      `6: SL535 link "staff/me4", route 1: "{user.local}" must be in the path, query or fragment, never in the scheme or host`,
    ]);
  });

  it("a public link's route still refuses {user.*} (SL535) and an intranet host (rule 6)", () => {
    const found = codes(`
- slug: desk
  target: https://desk.example.com/
  routes:
    - when: { query: { v: a } }
      target: https://desk.example.com/{user.local}
    - when: { query: { v: b } }
      target: http://wiki.corp/desk
`);
    expect(found.map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual([
      "6: SL535",
      "8: SL206",
    ]);
  });
});
