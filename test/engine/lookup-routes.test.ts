// The lookup of a link with routes, through the built bundle: the API and the no-JavaScript result
// page show the link's own target and which request facts can send a visitor elsewhere.
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { dirAssets } from "../support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "../support/build-instance.js";
import { WORKER_FILE } from "../../lib/shared/paths.js";

type Worker = { fetch(request: Request, env: object, ctx: object): Promise<Response> };
let worker: Worker;
let env: object;
const ctx = { waitUntil: (_p: Promise<unknown>) => undefined };

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  worker = ((await import(pathToFileURL(`${out}/${WORKER_FILE}`).href)) as { default: Worker })
    .default;
  env = { ASSETS: dirAssets(`${out}/assets`) };
});

const post = (type: string, body: string) =>
  worker.fetch(
    new Request("https://links.example.com/lookup/resolve", {
      method: "POST",
      headers: { "content-type": type },
      body,
    }),
    env,
    ctx,
  );

describe("lookup of a link with routes", () => {
  it("the API answers the default target and routed_by, whatever the request's own facts", async () => {
    // A French visitor would be sent to the route's target: the lookup still shows the default.
    const response = await post("application/json", JSON.stringify({ slug: "r/country" }));
    expect(await response.json()).toMatchObject({
      found: true,
      target: "https://example.com/world",
      routed_by: ["country"],
    });
  });

  it("the result page says which facts can change the target", async () => {
    const response = await post("application/x-www-form-urlencoded", "slug=r%2Fagent&lang=en");
    const html = await response.text();
    expect(html).toContain("https://example.com/world");
    expect(html).toContain("Some visitors are sent elsewhere, depending on: os, browser");
  });

  it("a link without routes has no such line", async () => {
    const response = await post("application/x-www-form-urlencoded", "slug=docs&lang=en");
    expect(await response.text()).not.toContain("Some visitors are sent elsewhere");
  });
});
