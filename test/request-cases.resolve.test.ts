// The shared request case table against resolve() itself, over the built registry.
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST_CASES } from "./cases/requests.js";
import { dirAssets } from "./support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "./support/build-instance.js";
import { loadRuntimeData } from "../runtime/registry/store.js";
import { resolve, statusOf, type ResolveContext } from "../runtime/resolve.js";
import { resolveContext } from "../runtime/worker.js";

let ctx: ResolveContext;

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  ctx = resolveContext(await loadRuntimeData(dirAssets(`${out}/assets`)));
});

describe("request case table: resolve()", () => {
  const cases = REQUEST_CASES.filter((c) => !c.http);
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const r = await resolve(
      {
        method: c.method ?? "GET",
        url: c.path,
        acceptLanguage: c.headers?.["accept-language"],
        now: new Date(),
      },
      ctx,
    );
    expect(statusOf(r.outcome)).toBe(c.status);
    if (c.location !== undefined)
      expect(r.outcome.type === "redirect" ? r.outcome.location : null).toBe(c.location);
    if (c.event !== undefined) expect(r.event?.kind ?? null).toBe(c.event);
  });
});
