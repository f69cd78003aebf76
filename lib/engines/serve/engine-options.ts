/**
 * One translation of a built bundle into miniflare options (workerd underneath), shared by
 * `shortlinks serve` and the workerd test harness, so both run the bundle the way Cloudflare does:
 * ES module worker, the `ASSETS` binding, the worker ahead of assets, `_headers` applied by the
 * asset worker, the deployment's compatibility date.
 */
import type {
  MiniflareOptions,
  Request as EngineRequest,
  Response as EngineResponse,
} from "miniflare";
import { dirname } from "node:path";
import type { BundleConfig, VarValue } from "./bundle-config.js";

/** `request.cf` for local runs: fixed, so miniflare never downloads its cf.json (no network). */
export const LOCAL_CF = {
  country: "XX",
  colo: "LCL",
  city: "Localhost",
  asn: 0,
  httpProtocol: "HTTP/1.1",
};

/** Answers the worker's outgoing `fetch()` (analytics collectors, the Access JWKS) in Node. */
export type OutboundHandler = (request: Request) => Response | Promise<Response>;

export interface EngineInput {
  bundle: BundleConfig;
  vars: Record<string, VarValue>;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  cf?: Record<string, unknown>;
  /**
   * The worker's outgoing fetches: absent, to the network as on Cloudflare; a handler, answered in
   * Node; "loopback-only", real sockets but only to 127.0.0.0/8 (anything else fails).
   */
  outbound?: OutboundHandler | "loopback-only";
}

export function engineOptions(input: EngineInput): MiniflareOptions {
  const { bundle } = input;
  return {
    name: bundle.name,
    modules: true,
    scriptPath: bundle.scriptPath,
    // Module names are relative to this folder; the default (the working directory) breaks for bundles elsewhere.
    modulesRoot: dirname(bundle.scriptPath),
    compatibilityDate: bundle.compatibilityDate,
    compatibilityFlags: bundle.compatibilityFlags,
    bindings: input.vars as MiniflareOptions["bindings"],
    assets: {
      directory: bundle.assetsDirectory,
      binding: bundle.assetsBinding,
      routerConfig: { has_user_worker: true, ...routing(bundle.runWorkerFirst) },
      assetConfig: {
        ...(bundle.htmlHandling ? { html_handling: bundle.htmlHandling } : {}),
        ...(bundle.notFoundHandling ? { not_found_handling: bundle.notFoundHandling } : {}),
      },
    },
    host: input.host ?? "127.0.0.1",
    port: input.port ?? 8787,
    cf: input.cf ?? LOCAL_CF,
    ...outboundOption(input.outbound),
  };
}

/** wrangler's `run_worker_first`: `true` for every path, or route patterns (`!` for asset-only). */
function routing(first: boolean | string[]): {
  invoke_user_worker_ahead_of_assets: boolean;
  static_routing?: { user_worker: string[]; asset_worker?: string[] };
} {
  if (typeof first === "boolean") return { invoke_user_worker_ahead_of_assets: first };
  const user_worker = first.filter((p) => !p.startsWith("!"));
  const asset_worker = first.filter((p) => p.startsWith("!")).map((p) => p.slice(1));
  return {
    invoke_user_worker_ahead_of_assets: false,
    static_routing: { user_worker, asset_worker },
  };
}

function outboundOption(outbound: EngineInput["outbound"]): Partial<MiniflareOptions> {
  if (outbound === undefined) return {};
  if (outbound === "loopback-only")
    return { outboundService: { network: { allow: ["127.0.0.0/8"], deny: [] } } };
  return { outboundService: toEngineHandler(outbound) };
}

/** miniflare hands its own Request class; the handler speaks the global Fetch API. */
function toEngineHandler(handler: OutboundHandler) {
  return async (request: EngineRequest): Promise<EngineResponse> => {
    const engine = await import("miniflare"); // loaded already: miniflare calls this
    const body =
      request.method === "GET" || request.method === "HEAD"
        ? undefined
        : await request.arrayBuffer();
    const answer = await handler(
      new Request(request.url, { method: request.method, headers: [...request.headers], body }),
    );
    return new engine.Response(answer.body === null ? null : await answer.arrayBuffer(), {
      status: answer.status,
      headers: [...answer.headers],
    });
  };
}
