import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBundleConfig } from "./bundle-config.js";
import { engineOptions } from "./engine-options.js";
import { ServeProblem } from "./problems.js";
import { writeTestBundle } from "../../../test/support/hand-made-bundle.js";

function problemOf(run: () => unknown): { code: string; message: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ServeProblem) return error.diagnostic;
    throw error;
  }
  return undefined;
}

describe("reading the bundle's wrangler.json", () => {
  it("gives absolute paths and the deployment's own settings", async () => {
    const { out } = await writeTestBundle();
    const bundle = readBundleConfig(out);
    expect(bundle).toMatchObject({
      name: "serve-test",
      scriptPath: join(out, "worker.js"),
      assetsDirectory: join(out, "assets"),
      assetsBinding: "ASSETS",
      compatibilityDate: "2026-04-26",
      runWorkerFirst: true,
      vars: { FROM_WRANGLER: "wrangler", SHARED: "wrangler" },
    });
  });

  it.each<[string, (out: string) => Promise<void>, string, RegExp]>([
    [
      "SL601: no wrangler.json at all",
      (out) => rm(join(out, "wrangler.json")),
      "SL601",
      /no wrangler\.json/,
    ],
    [
      "SL601: the worker file is missing",
      (out) => rm(join(out, "worker.js")),
      "SL601",
      /worker\.js/,
    ],
    [
      "SL601: the assets folder is missing",
      (out) => rm(join(out, "assets"), { recursive: true }),
      "SL601",
      /assets/,
    ],
    [
      "SL602: wrangler.json is not JSON",
      (out) => writeFile(join(out, "wrangler.json"), "{ nope"),
      "SL602",
      /expected JSON/,
    ],
    [
      "SL602: no compatibility date",
      (out) => edit(out, (c) => delete c.compatibility_date),
      "SL602",
      /compatibility_date/,
    ],
    ["SL602: no assets section", (out) => edit(out, (c) => delete c.assets), "SL602", /assets/],
  ])("%s", async (_rule, breakIt, code, message) => {
    const { out } = await writeTestBundle();
    await breakIt(out);
    const problem = problemOf(() => readBundleConfig(out));
    expect(problem?.code).toBe(code);
    expect(problem?.message).toMatch(message);
  });
});

async function edit(out: string, change: (config: Record<string, unknown>) => void): Promise<void> {
  const file = join(out, "wrangler.json");
  const config = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  change(config);
  await writeFile(file, JSON.stringify(config));
}

describe("engine options follow the deployment", () => {
  it.each<[string, boolean | string[], object]>([
    [
      "run_worker_first: true puts the worker ahead of every asset",
      true,
      { invoke_user_worker_ahead_of_assets: true },
    ],
    [
      "run_worker_first: false lets assets answer first",
      false,
      { invoke_user_worker_ahead_of_assets: false },
    ],
    [
      "run_worker_first patterns become static routing",
      ["/api/*", "!/api/docs/*"],
      {
        invoke_user_worker_ahead_of_assets: false,
        static_routing: { user_worker: ["/api/*"], asset_worker: ["/api/docs/*"] },
      },
    ],
  ])("%s", async (_rule, first, routerConfig) => {
    const { out } = await writeTestBundle({
      wrangler: { assets: { directory: "./assets", binding: "ASSETS", run_worker_first: first } },
    });
    const options = engineOptions({ bundle: readBundleConfig(out), vars: {} }) as {
      assets: { routerConfig: object };
    };
    expect(options.assets.routerConfig).toEqual({ has_user_worker: true, ...routerConfig });
  });

  it("request.cf is fixed locally so miniflare never downloads its cf.json", async () => {
    const { out } = await writeTestBundle();
    const options = engineOptions({ bundle: readBundleConfig(out), vars: {} }) as { cf: unknown };
    expect(typeof options.cf).toBe("object");
  });

  it("html_handling and not_found_handling are passed to the asset worker", async () => {
    const { out } = await writeTestBundle({
      wrangler: {
        assets: { directory: "./assets", html_handling: "none", not_found_handling: "404-page" },
      },
    });
    const options = engineOptions({ bundle: readBundleConfig(out), vars: {} }) as {
      assets: { assetConfig: object };
    };
    expect(options.assets.assetConfig).toEqual({
      html_handling: "none",
      not_found_handling: "404-page",
    });
  });
});
