// custom/tests.yaml inside a private zone (docs/private-links.md): an expectation answers as a
// visitor without a token unless `as` names the person signed in to the zone.
import { afterAll, describe, expect, it } from "vitest";
import { expectationsInstance } from "../../../test/support/expectations-instance.js";

const SITE = `site_name: Test
base_url: https://go.example.org
access:
  zones:
    - { name: staff, prefix: /staff, aud: staff-aud-0123, allow_targets: [wiki.corp] }
`;
const LINKS = `- slug: staff/bands
  target: https://people.example.com/bands
  allow: { emails: [carol@example.com] }
- slug: staff/desk
  target: https://desk.example.com/
  routes:
    - when: { query: { v: intranet } }
      target: http://wiki.corp/desk/{user.local}
`;
const { check, remove } = expectationsInstance("shortlinks-private-tests-", LINKS, SITE);
afterAll(remove);

describe("tests.yaml: as", () => {
  it("answers as the person `as` names; without it, as a visitor without a token", async () => {
    const diagnostics = await check(`
- path: /staff/bands
  as: carol@example.com
  status: 302
  location: https://people.example.com/bands
- path: /staff/bands
  as: dave@example.com
  status: 404
- path: /staff/bands
  status: 404
`);
    expect(diagnostics).toEqual([]);
  });

  it("a private link's route answers with the zone: its intranet host, {user.local} filled", async () => {
    const diagnostics = await check(`
- path: /staff/desk?v=intranet
  as: carol@example.com
  status: 302
  location: http://wiki.corp/desk/carol?v=intranet
- path: /staff/desk?v=intranet
  status: 404
`);
    expect(diagnostics).toEqual([]);
  });

  it("SL506 names who the unmet expectation was asked as", async () => {
    const diagnostics = await check(`
- path: /staff/bands
  as: dave@example.com
  status: 302
`);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["SL506", "GET /staff/bands (as dave@example.com): expected status 302, got 404"],
    ]);
  });

  it("SL503: as takes an e-mail address", async () => {
    const diagnostics = await check(`
- path: /staff/bands
  as: dave
  status: 404
`);
    expect(diagnostics.map((d) => d.code)).toEqual(["SL503"]);
  });
});
