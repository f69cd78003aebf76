// custom/tests.yaml with request facts (docs/routes.md, "tests.yaml"): check answers each
// expectation with them, through the engine the worker runs.
import { afterAll, describe, expect, it } from "vitest";
import { expectationsInstance } from "../../../test/support/expectations-instance.js";
import { UA } from "../../../test/cases/requests-routes.js";

const LINKS = `- slug: app
  target: https://example.com/get
  routes:
    - when: { device: ios }
      target: https://apps.apple.com/app/id1
    - when: { country: FR, language: fr }
      target: https://example.com/fr
    - when: { query: { ref: newsletter } }
      target: https://example.com/nl
    - split:
        - { weight: 1, target: "https://a.example.com/" }
        - { weight: 1, target: "https://b.example.com/" }
`;
const { check, remove } = expectationsInstance("shortlinks-facts-", LINKS);
afterAll(remove);

describe("tests.yaml: expectations with request facts", () => {
  it("each fact reaches the routes: User-Agent, country and language, query, split draw", async () => {
    const diagnostics = await check(`
- path: /app
  ua: "${UA.iphone}"
  status: 302
  location: https://apps.apple.com/app/id1
- path: /app
  country: FR
  lang: "fr-CH, en;q=0.5"
  status: 302
  location: https://example.com/fr
- path: /app
  query: { ref: newsletter }
  status: 302
  location: https://example.com/nl?ref=newsletter
- path: /app
  split_draw: 0.75
  status: 302
  location: https://b.example.com/
- path: /app
  status: 302
  location: https://a.example.com/
`);
    expect(diagnostics).toEqual([]);
  });

  it("SL506 names the facts an unmet expectation was asked with", async () => {
    const diagnostics = await check(`
- path: /app
  country: FR
  lang: de
  status: 302
  location: https://example.com/fr
`);
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        "SL506",
        2,
        'GET /app (country FR, lang "de"): expected Location https://example.com/fr, got https://a.example.com/',
      ],
    ]);
  });

  it.each([
    [
      "a region outside the country",
      "country: FR\n  region: US-TX",
      "region US-TX is not in country FR",
    ],
    ["a draw of 1", "split_draw: 1", "expected a number from 0 up to (not including) 1"],
    ["an unknown key", "contry: FR", 'unknown field "contry"'],
  ])("SL503: %s", async (_name, fields, message) => {
    const diagnostics = await check(`- path: /app\n  ${fields}\n  status: 302\n`);
    expect(diagnostics.map((d) => d.code)).toEqual(["SL503"]);
    expect(diagnostics[0].message).toContain(message);
  });
});
