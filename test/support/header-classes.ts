/**
 * Every response class of the worker, as requests against test/instance, and a runner that
 * compiles the instance with a given custom `_headers` and answers them through the worker's
 * own engine (as explain does). The asset layer applies the compiled `_headers` rules to
 * the files it serves, as Cloudflare's does, so a weakened rule also reaches the worker as the
 * asset's own header.
 */
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileInstance } from "../../lib/stages/compile.js";
import type { Diagnostic } from "../../lib/shared/diagnostics.js";
import { assetFiles } from "../../lib/stages/5-bundle/output-files.js";
import { applyRules } from "../../lib/stages/4-assets/headers/match-pattern.js";
import type { AssetFetcher } from "../../runtime/env.js";
import { loadRuntimeData, type RuntimeData } from "../../runtime/registry/store.js";
import { answerRequest } from "../../runtime/engine/answer.js";
import { memoryAssets } from "../../lib/shared/memory-instance.js";
import { CASE_INSTANCE } from "./build-instance.js";

export interface ClassRequest {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const JSON_POST = { method: "POST", headers: { "content-type": "application/json" } };

/** One request per response class: links, pages of every language, static files, lookup, stats, errors, custom files. */
export const CLASS_REQUESTS: readonly ClassRequest[] = [
  { name: "exact link redirect", path: "/docs" },
  { name: "splat link redirect", path: "/gh/org/repo" },
  { name: "HEAD of a redirect", path: "/docs", method: "HEAD" },
  { name: "lookup page (en)", path: "/lookup" },
  { name: "lookup page (fr)", path: "/fr/consultation" },
  { name: "lookup page (es)", path: "/es/consulta" },
  { name: "lookup page (it)", path: "/it/consulta" },
  { name: "lookup page (de)", path: "/de/abfrage" },
  {
    name: "informational page (paused, de)",
    path: "/paused",
    headers: { "accept-language": "de" },
  },
  { name: "informational page (retired)", path: "/old" },
  {
    name: "informational page (scheduled, fr)",
    path: "/launch",
    headers: { "accept-language": "fr" },
  },
  { name: "404 miss", path: "/no-such-link" },
  { name: "product static file", path: "/robots.txt" },
  { name: "custom HTML page (sandbox)", path: "/hello.html" },
  { name: "custom HTML pretty path", path: "/hello" },
  { name: "custom HTML folder page", path: "/guide/" },
  { name: "custom .htm page", path: "/legacy.htm" },
  { name: "lookup API", path: "/lookup/resolve", ...JSON_POST, body: '{"slug":"docs"}' },
  {
    name: "lookup form result page",
    path: "/lookup/resolve",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "slug=docs&lang=it",
  },
  {
    name: "lookup beacon",
    path: "/_analytics/lookup",
    ...JSON_POST,
    body: '{"slug":"docs","result":"found"}',
  },
  { name: "stats without access (403)", path: "/en/_stats/" },
  { name: "stats API without access (403)", path: "/de/_stats/api/links.json" },
  { name: "tests page without access (403)", path: "/fr/_tests/" },
  { name: "private runtime file (404)", path: "/links.json" },
  { name: "scanner probe (404)", path: "/wp-admin/setup.php" },
  { name: "refused path (404)", path: "/a/%2e%2e/b" },
  { name: "method not allowed (405)", path: "/docs", method: "PUT" },
  {
    name: "preflight (204)",
    path: "/lookup/resolve",
    method: "OPTIONS",
    headers: { origin: "null" },
  },
  { name: "bad JSON (400)", path: "/lookup/resolve", ...JSON_POST, body: "{" },
  { name: "wrong content type (415)", path: "/lookup/resolve", method: "POST", body: "x" },
];

export interface Served {
  diagnostics: Diagnostic[];
  /** Per class name, the final response headers; empty when the build refused the instance. */
  answers: Map<string, Headers>;
  data?: RuntimeData;
}

/** An asset binding that adds the compiled rules to what it serves, as Cloudflare's does. */
export function rulesOnAssets(inner: AssetFetcher, data: RuntimeData): AssetFetcher {
  return {
    async fetch(request: Request): Promise<Response> {
      const response = await inner.fetch(request);
      const out = new Response(response.body, response);
      const path = new URL(request.url).pathname;
      for (const [name, value] of applyRules(data.site.header_rules, path))
        out.headers.set(name, value);
      return out;
    },
  };
}

/** Answers every class request through the worker's own code over the compiled data. */
export async function answerClasses(
  data: RuntimeData,
  assets: AssetFetcher,
): Promise<Map<string, Headers>> {
  const answers = new Map<string, Headers>();
  const env = { ASSETS: rulesOnAssets(assets, data) };
  for (const c of CLASS_REQUESTS) {
    const request = new Request(new URL(c.path, data.site.base_url), {
      method: c.method ?? "GET",
      headers: c.headers,
      body: c.body,
    });
    const { response } = await answerRequest(request, env, data, new Date("2026-06-01T00:00:00Z"));
    answers.set(c.name, response.headers);
  }
  return answers;
}

/** Compiles test/instance with `headersText` as custom/public/_headers and answers every class. */
export async function serveWithCustomHeaders(headersText: string, siteExtra = ""): Promise<Served> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-headers-"));
  try {
    await cp(join(CASE_INSTANCE, "custom"), join(root, "custom"), { recursive: true });
    await writeFile(join(root, "custom/public/_headers"), headersText);
    if (siteExtra) await writeFile(join(root, "custom/site.yaml"), siteExtra, { flag: "a" });
    const compiled = await compileInstance({ root, skipBundle: true });
    if (!compiled.files) return { diagnostics: compiled.diagnostics, answers: new Map() };
    const assets = memoryAssets(assetFiles(compiled.files));
    const data = await loadRuntimeData(assets);
    return { diagnostics: compiled.diagnostics, answers: await answerClasses(data, assets), data };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
