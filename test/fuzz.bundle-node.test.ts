// 10,000 random method/path/header combinations against the built bundle: no exception, no 5xx,
// and every Location is one of the instance's registered targets (no open redirect).
import { readFile, readdir } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dirAssets } from "./support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "./support/build-instance.js";
import { ACCESS_REFUSED, captureWarnings } from "./support/console-capture.js";
import type { LinkRecord } from "../runtime/contract/index.js";
import { parseShard } from "../runtime/registry/shard-format.js";
import { WORKER_FILE } from "../lib/shared/paths.js";

type Worker = { fetch(request: Request, env: object, ctx: object): Promise<Response> };
let worker: Worker;
let env: object;
let links: LinkRecord[];

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  worker = ((await import(pathToFileURL(`${out}/${WORKER_FILE}`).href)) as { default: Worker })
    .default;
  env = { ASSETS: dirAssets(`${out}/assets`) };
  links = [];
  for (const file of await readdir(`${out}/assets/links-shards`)) {
    if (!file.endsWith(".jsonl")) continue;
    const shard = parseShard(await readFile(`${out}/assets/links-shards/${file}`, "utf8"));
    links.push(...Object.values(shard.exact), ...Object.values(shard.splat));
  }
});

/** The fixed part of a target that every redirect it makes must start with. */
function stem(link: LinkRecord): string {
  const target = link.kind === "splat" ? link.target.split(":splat")[0] : link.target;
  return new URL(target).href.replace(/[?#].*$/, "");
}

const SLUGS = [
  "docs",
  "DOCS",
  "gh",
  "gh/x",
  "files",
  "files/deep",
  "q",
  "noq",
  "team/handbook",
  "café",
  "old",
  "links.json",
  "lookup",
  "en/_stats",
  "wp-admin",
];
const segment = fc.oneof(
  fc.constantFrom(...SLUGS),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "%2F",
    "%5C",
    "%00",
    "%ZZ",
    "%2e%2e",
    "..",
    ".",
    "%E2%82",
    "%C3%A9",
    "%25",
    "//",
    "\\",
    "?",
    "#",
    "javascript:alert(1)",
    "https://evil.example",
    "%0d%0aSet-Cookie:x",
  ),
);
const path = fc.array(segment, { maxLength: 5 }).map((parts) => "/" + parts.join("/"));
const query = fc.option(
  fc.string({ maxLength: 20 }).map((q) => "?" + q),
  { nil: "" },
);
// Node refuses CONNECT, TRACE and TRACK in a Request, so they cannot reach a worker from here.
const method = fc.constantFrom(
  "GET",
  "HEAD",
  "OPTIONS",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "PROPFIND",
  "PURGE",
  "get",
  "post",
  "purge",
);
const headers = fc.record(
  {
    origin: fc.constantFrom("null", "https://evil.example", ""),
    "accept-language": fc.constantFrom("fr", "de-DE;q=0.5, es", "*", "xx;q=abc", ""),
    "content-type": fc.constantFrom(
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "",
    ),
    "cf-access-jwt-assertion": fc.constantFrom("garbage", "a.b.c", ""),
  },
  { requiredKeys: [] },
);
const body = fc.option(fc.oneof(fc.json(), fc.string({ maxLength: 100 })), { nil: undefined });

describe("fuzz: the bundle answers every request deliberately", () => {
  afterAll(() => vi.restoreAllMocks());

  it("10,000 random requests: no exception, no 5xx, no open redirect, a log line only for a 403", async () => {
    const warnings = captureWarnings();
    await fc.assert(
      fc.asyncProperty(method, path, query, headers, body, async (m, p, q, h, b) => {
        let url: URL;
        try {
          url = new URL("https://links.example.com" + p + q);
        } catch {
          return; // not a URL a client could send
        }
        const clean = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== ""));
        const withBody = !["GET", "HEAD"].includes(m.toUpperCase()) && b !== undefined;
        const response = await worker.fetch(
          new Request(url, { method: m, headers: clean, body: withBody ? b : undefined }),
          env,
          { waitUntil: () => undefined },
        );
        expect(response.status).toBeLessThan(500);
        const logged = warnings.take();
        if (response.status === 403)
          expect(logged).toEqual([expect.stringMatching(ACCESS_REFUSED)]);
        else expect(logged).toEqual([]);
        const location = response.headers.get("location");
        if (location !== null)
          expect(links.some((link) => location.startsWith(stem(link)))).toBe(true);
      }),
      { numRuns: 10_000, seed: 20261122 },
    );
  }, 120_000);
});
