// The tests page runs custom/tests.yaml's expectations with their request facts in the worker
// itself (workerd, behind Access), as check does in Node (docs/routes.md, "tests.yaml").
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_AUD, makeAccessFixture } from "../support/access-keys.js";
import { buildInstance } from "../support/build-instance.js";
import { tinyInstance } from "../support/tiny-instance.js";
import { UA } from "../cases/requests-routes.js";
import { startWorkerd, type Workerd } from "./workerd.js";

const TEAM = "https://tests-page-routes.cloudflareaccess.com";
const LINKS = `- slug: app
  target: https://example.com/get
  routes:
    - when: { device: ios }
      target: https://apps.apple.com/app/id1
    - when: { region: US-TX }
      target: https://example.com/texas
    - split:
        - { weight: 1, target: "https://a.example.com/" }
        - { weight: 1, target: "https://b.example.com/" }
`;
const TESTS = `- path: /app
  ua: "${UA.iphone}"
  status: 302
  location: https://apps.apple.com/app/id1
- path: /app
  region: US-TX
  status: 302
  location: https://example.com/texas
- path: /app
  split_draw: 0.6
  status: 302
  location: https://b.example.com/
- path: /app
  status: 302
  location: https://b.example.com/
`;

let engine: Workerd;
let token = "";
let source = "";

beforeAll(async () => {
  const keys = await makeAccessFixture();
  token = await keys.sign({ iss: TEAM, aud: [FIXTURE_AUD] });
  source = tinyInstance("shortlinks-tests-page-", LINKS);
  writeFileSync(join(source, "custom", "tests.yaml"), TESTS);
  const { out } = await buildInstance(source);
  engine = await startWorkerd(out, {
    vars: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: FIXTURE_AUD },
    outbound: (request) => keys.handleJwks(request),
  });
});
afterAll(async () => {
  await engine?.dispose();
  rmSync(source, { recursive: true, force: true });
});

describe("tests page: expectations with request facts", () => {
  it("each expectation is answered with its facts; without a draw a split takes its first variant", async () => {
    const response = await engine.fetch("/en/_tests/api/results.json", {
      headers: { "cf-access-jwt-assertion": token },
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as {
      results: { pass: boolean; facts?: object; actual: { location?: string } }[];
    };
    expect(results.map((r) => [r.pass, r.actual.location])).toEqual([
      [true, "https://apps.apple.com/app/id1"],
      [true, "https://example.com/texas"],
      [true, "https://b.example.com/"],
      [false, "https://a.example.com/"],
    ]);
    expect(results.map((r) => r.facts)).toEqual([
      { ua: UA.iphone },
      { region: "US-TX" },
      { split_draw: 0.6 },
      undefined,
    ]);
  });
});
