/**
 * `health` probes a card's https image like a target (docs/health.md, "Card images"): HEAD, then
 * GET, its status and chain, reported as a row of its own beside its link's target. Against a
 * TLS server on 127.0.0.1 whose names are pinned, so nothing leaves the machine.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkHealth } from "./check-health.js";
import { formatReport } from "./format-report.js";
import { selectLinks } from "./select-links.js";
import { reportFails } from "./types.js";
import { healthOptions, pinLocal } from "../../../test/support/health-run.js";
import {
  routes,
  startServer,
  status,
  TEST_CERT,
  type LocalServer,
} from "../../../test/support/local-servers.js";
import { testLink } from "../../../test/support/policy.js";
import { tinyInstance } from "../../../test/support/tiny-instance.js";

const AT = new Date("2030-06-01T00:00:00Z");

describe("which card images health probes", () => {
  it("a card's https image is a row of its own, named as the card's; a local file is not probed", () => {
    const links = [
      testLink({
        slug: "hb",
        key: "hb",
        target: "https://example.com/hb",
        preview: { title: "T", image: "https://cdn.example.com/og.png" },
      }),
      testLink({
        slug: "local",
        key: "local",
        target: "https://example.com/local",
        preview: { title: "T", image: "/cards/local.png" },
      }),
      testLink({ slug: "plain", key: "plain", target: "https://example.com/plain" }),
    ];
    expect(selectLinks(links, AT).links).toEqual([
      { slug: "hb", target: "https://example.com/hb" },
      { slug: "hb", preview_image: true, target: "https://cdn.example.com/og.png" },
      { slug: "local", target: "https://example.com/local" },
      { slug: "plain", target: "https://example.com/plain" },
    ]);
  });

  it("a link that cannot redirect shows no card, so its image is not probed either", () => {
    const paused = testLink({
      slug: "p",
      key: "p",
      target: "https://example.com/p",
      state: "paused",
      preview: { title: "T", image: "https://cdn.example.com/og.png" },
    });
    expect(selectLinks([paused], AT).links).toEqual([]);
  });
});

describe("health probes card images against a local server", () => {
  let tls: LocalServer;
  let root: string;
  beforeAll(async () => {
    tls = await startServer(
      routes({ "/ok": status(200), "/og.png": status(200), "/gone.png": status(404) }),
      { tls: true },
    );
    const host = `https://secure.example:${tls.port}`;
    root = tinyInstance(
      "shortlinks-health-cards-",
      [
        `- { slug: good, target: "${host}/ok", preview: { title: G, image: "${host}/og.png" } }`,
        `- { slug: dead, target: "${host}/ok", preview: { title: D, image: "${host}/gone.png" } }`,
        "",
      ].join("\n"),
    );
  });
  afterAll(async () => {
    await tls.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("a 404 image is broken (exit 1), named as the card's image; a 200 one is ok", async () => {
    tls.seen.length = 0;
    // checkHealth picks the links and the policy itself: only the run's settings are used.
    const options = healthOptions([], {
      pins: pinLocal(tls.port, "secure.example"),
      ca: TEST_CERT,
    });
    const result = await checkHealth({ ...options, root });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const rows = result.report.results.map((r) => [r.class, r.slug, r.preview_image, r.status]);
    expect(rows).toEqual([
      ["broken", "dead", true, 404],
      ["ok", "dead", undefined, 200],
      ["ok", "good", undefined, 200],
      ["ok", "good", true, 200],
    ]);
    expect(tls.seen.map((s) => `${s.method} ${s.path}`).sort()).toEqual([
      "HEAD /gone.png",
      "HEAD /og.png",
      "HEAD /ok",
    ]);
    expect(reportFails(result.report, false)).toBe(true);
    const table = formatReport(result.report);
    expect(table[1]).toMatch(/^broken\s+dead \[card image\]\s+404\s+\d+\s+HTTP 404$/);
  });
});
