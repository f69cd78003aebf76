// The shared request case table against `shortlinks explain` (the same runtime code over the compiled instance).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runRequestCases } from "./cases/run-requests.js";
import { CASE_INSTANCE } from "./support/build-instance.js";
import { captureWarnings, type CapturedWarnings } from "./support/console-capture.js";
import {
  createExplainer,
  formatExplanation,
  type Explainer,
} from "../lib/engines/explain/explain.js";
import { edgeFactsOf } from "../runtime/link-routes/facts.js";

let explainer: Extract<Explainer, { ok: true }>;
let warnings: CapturedWarnings;

beforeAll(async () => {
  const created = await createExplainer(CASE_INSTANCE);
  if (!created.ok)
    throw new Error(`the case instance does not compile: ${JSON.stringify(created.diagnostics)}`);
  explainer = created;
  warnings = captureWarnings();
});
afterAll(() => vi.restoreAllMocks());

describe("request case table: shortlinks explain", () => {
  runRequestCases({
    // explain takes no request body, so body cases run only in the HTTP engines.
    takes: (c) => c.body === undefined,
    async answer(c) {
      const e = await explainer.explain({
        path: c.path,
        method: c.method,
        headers: c.headers,
        ...(c.host ? { domain: c.host } : {}),
        edge: edgeFactsOf(c.cf),
        ...(c.at ? { at: new Date(c.at) } : {}),
        ...(c.draw !== undefined ? { facts: { split_draw: c.draw } } : {}),
      });
      const headers = new Headers(e.headers);
      return {
        status: e.outcome.status,
        location: headers.get("location"),
        headers,
        event: e.event?.kind ?? null,
        // The worker's own code logs each access refusal (the table's 403s), and nothing else.
        warnings: warnings.take(),
      };
    },
  });
});

describe("explain shows a splat link's remainder mode", () => {
  it.each([
    ["/moved/a/b", "drop"],
    ["/gh/acme", "append"],
  ])("%s: remainder %s, in the JSON and in the text", async (path, mode) => {
    const e = await explainer.explain({ path });
    expect(e.match).toMatchObject({ kind: "splat", remainder: mode });
    expect(formatExplanation(e).join("\n")).toContain(`(remainder: ${mode})`);
  });

  it("an exact link has no remainder field", async () => {
    const e = await explainer.explain({ path: "/docs" });
    expect(e.match).not.toHaveProperty("remainder");
  });
});

describe("explain --domain (docs/domains.md)", () => {
  it("lists the instance's hosts, the default first", () => {
    expect(explainer.hosts).toEqual([
      "links.example.com",
      "go.example.net",
      "lnk.example.com",
      "xn--bcher-kva.example",
    ]);
  });

  it("names the host it answered as on the first line", async () => {
    const e = await explainer.explain({ path: "/docs", domain: "go.example.net" });
    expect(formatExplanation(e)[0]).toMatch(/^GET \/docs on go\.example\.net {2}\(at /);
    expect(e.outcome.location).toBe("https://example.net/docs-legacy");
    const own = await explainer.explain({ path: "/docs" });
    expect(own.host).toBe("links.example.com");
  });

  it("an unlisted host: the plain 404 the worker sends, before any link", async () => {
    const e = await explainer.explain({ path: "/docs", domain: "evil.example" });
    expect(e).toMatchObject({ host: "evil.example", match: null, event: null });
    expect(e.outcome.status).toBe(404);
    expect(e.checks).toEqual([
      { step: "host", ok: false, detail: "evil.example is not a host of this instance" },
    ]);
  });
});
