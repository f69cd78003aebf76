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

describe("request case table: bundle in Node", () => {
  runRequestCases({
    async answer(c) {
      const answer = await httpAnswer(await worker.fetch(caseRequest(c), env, waitUntil));
      return { ...answer, warnings: warnings.take() };
    },
  });
});
