// The shared request case table against resolve() itself, over the built registry: the decision
// only (status, location, event), so cases that need HTTP are the other engines'.
import { beforeAll, describe } from "vitest";
import { caseOrigin, runRequestCases } from "./cases/run-requests.js";
import { dirAssets } from "./support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "./support/build-instance.js";
import { loadRuntimeData, type RuntimeData } from "../runtime/registry/store.js";
import { hostData } from "../runtime/engine/hosts.js";
import { resolve, statusOf, type ResolveContext } from "../runtime/resolve.js";
import { resolveContext } from "../runtime/engine/answer.js";
import { edgeFactsOf } from "../runtime/link-routes/facts.js";

let whole: RuntimeData;

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  whole = await loadRuntimeData(dirAssets(`${out}/assets`));
});

/** The decision's inputs for the case's Host, as the worker picks them; null for an unlisted host. */
async function contextFor(origin: string): Promise<ResolveContext | null> {
  const data = await hostData(whole, origin + "/");
  return data && resolveContext(data);
}

describe("request case table: resolve()", () => {
  runRequestCases({
    takes: (c) => !c.http,
    async answer(c) {
      const ctx = await contextFor(caseOrigin(c));
      // The worker answers a host it does not list before resolve(): a plain 404, no event.
      if (ctx === null) return { status: 404, location: null, event: null };
      const draw = c.draw;
      const r = await resolve(
        {
          method: c.method ?? "GET",
          url: c.path,
          acceptLanguage: c.headers?.["accept-language"],
          userAgent: c.headers?.["user-agent"],
          ip: c.headers?.["cf-connecting-ip"],
          edge: edgeFactsOf(c.cf),
          ...(draw !== undefined ? { draw: () => draw } : {}),
          now: c.at ? new Date(c.at) : new Date(),
        },
        ctx,
      );
      return {
        status: statusOf(r.outcome),
        location: r.outcome.type === "redirect" ? r.outcome.location : null,
        event: r.event?.kind ?? null,
      };
    },
  });
});
