// The shared request case table against the built dist/worker/worker.js, imported in Node with an assets stub.
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, vi } from "vitest";
import { caseRequest, httpAnswer, runRequestCases } from "./cases/run-requests.js";
import { dirAssets } from "./support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "./support/build-instance.js";
import { captureWarnings, type CapturedWarnings } from "./support/console-capture.js";
import { WORKER_FILE } from "../lib/shared/paths.js";

type Worker = { fetch(request: Request, env: object, ctx: object): Promise<Response> };
let worker: Worker;
let env: { ASSETS: ReturnType<typeof dirAssets> };
let warnings: CapturedWarnings;
const waitUntil = { waitUntil: (_p: Promise<unknown>) => undefined };

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  worker = ((await import(pathToFileURL(`${out}/${WORKER_FILE}`).href)) as { default: Worker })
    .default;
  env = { ASSETS: dirAssets(`${out}/assets`) };
  warnings = captureWarnings();
});
afterAll(() => vi.restoreAllMocks());

let drawSpy: { mockRestore(): void } | undefined;

/** crypto.getRandomValues fills the one word the worker draws with `draw` (in [0, 1)). */
function fixDraw(draw: number): void {
  drawSpy = vi
    .spyOn(crypto, "getRandomValues")
    .mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint32Array) array[0] = Math.floor(draw * 2 ** 32);
      return array;
    });
}

describe("request case table: bundle in Node", () => {
  runRequestCases({
    async answer(c) {
      // The bundle reads the clock and draws a split's variant as the platform lets it: set both.
      if (c.at) vi.useFakeTimers({ toFake: ["Date"], now: new Date(c.at) });
      if (c.draw !== undefined) fixDraw(c.draw);
      try {
        const answer = await httpAnswer(await worker.fetch(caseRequest(c), env, waitUntil));
        return { ...answer, warnings: warnings.take() };
      } finally {
        vi.useRealTimers();
        drawSpy?.mockRestore();
      }
    },
  });
});
