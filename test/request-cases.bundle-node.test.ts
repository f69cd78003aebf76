// The shared request case table against the built dist/worker/worker.js, imported in Node with an assets stub.
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REQUEST_CASES } from "./cases/requests.js";
import { dirAssets } from "./support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "./support/build-instance.js";
import {
  ACCESS_REFUSED,
  captureWarnings,
  type CapturedWarnings,
} from "./support/console-capture.js";
import { caseRequest, mismatches } from "./support/check-case.js";
import { WORKER_FILE } from "../lib/output-files.js";

type Worker = { fetch(request: Request, env: object, ctx: object): Promise<Response> };
let worker: Worker;
let env: { ASSETS: ReturnType<typeof dirAssets> };
const waitUntil = { waitUntil: (_p: Promise<unknown>) => undefined };
let warnings: CapturedWarnings;

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  worker = ((await import(pathToFileURL(`${out}/${WORKER_FILE}`).href)) as { default: Worker })
    .default;
  env = { ASSETS: dirAssets(`${out}/assets`) };
  warnings = captureWarnings();
});
afterAll(() => vi.restoreAllMocks());

describe("request case table: bundle in Node", () => {
  it.each(REQUEST_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const response = await worker.fetch(caseRequest(c), env, waitUntil);
    expect(mismatches(c, response)).toEqual([]);
    // The table's 403s are access refusals: each logs one line saying why; nothing else logs.
    const logged = warnings.take();
    if (c.status === 403) expect(logged).toEqual([expect.stringMatching(ACCESS_REFUSED)]);
    else expect(logged).toEqual([]);
    if ((c.method ?? "GET") === "HEAD") expect(await response.text()).toBe("");
  });

  it("the table is at full length (at least 120 requests)", () => {
    expect(REQUEST_CASES.length).toBeGreaterThanOrEqual(120);
  });
});
