// The self-hosted recipe of docs/deploy.md, run as written: the two files are taken from the page,
// put next to a built dist/, and `workerd serve` (no miniflare, no Cloudflare) answers the request
// case table over plain HTTP on 127.0.0.1.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_KEYS } from "../../runtime/analytics/index.js";
import { CONTENT_TYPES } from "../../runtime/contract/index.js";
import { CASE_HOST, httpAnswer, runRequestCases } from "../cases/run-requests.js";
import { buildInstance, CASE_INSTANCE, REPO } from "../support/build-instance.js";
import { fetchWithHost } from "../support/host-fetch.js";

const WORKERD = join(REPO, "node_modules/.bin/workerd");
let child: ChildProcess;
let origin: string;

/** The fenced blocks of docs/deploy.md that follow a `<!-- file: NAME -->` marker. */
async function docFiles(): Promise<Map<string, string>> {
  const page = await readFile(join(REPO, "docs/deploy.md"), "utf8");
  const files = new Map<string, string>();
  for (const match of page.matchAll(/<!-- file: (\S+) -->\s*```\w*\n([\s\S]*?)```/g))
    files.set(match[1], match[2]);
  return files;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * The socket line the page gives for request facts from the proxy ("Request facts when
 * self-hosting"), and the header it names: the cases' `request.cf` goes there.
 */
async function cfSocket(): Promise<{ line: string; header: string }> {
  const page = await readFile(join(REPO, "docs/deploy.md"), "utf8");
  const match = /^ +sockets = \[.*cfBlobHeader = "([^"]+)".*$/m.exec(page);
  if (!match) throw new Error("docs/deploy.md gives no socket line with cfBlobHeader");
  return { line: match[0], header: match[1] };
}

let cfHeader: string;

beforeAll(async () => {
  const { root } = await buildInstance(CASE_INSTANCE);
  const files = await docFiles();
  const socket = await cfSocket();
  cfHeader = socket.header;
  const capnp = files.get("shortlinks.capnp") ?? "";
  const withFacts = capnp.replace(/^ +sockets = \[.*$/m, socket.line);
  expect(withFacts).not.toBe(capnp);
  files.set("shortlinks.capnp", withFacts);
  for (const [name, text] of files) await writeFile(join(root, name), text);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  child = spawn(WORKERD, ["serve", "shortlinks.capnp", "--socket-addr", `http=127.0.0.1:${port}`], {
    cwd: root,
    stdio: "ignore",
  });
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${origin}/robots.txt`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(() => {
  child?.kill("SIGTERM");
});

describe("self-hosted workerd, as docs/deploy.md says", () => {
  it("the recipe binds every variable the runtime reads, each from the environment", async () => {
    const capnp = (await docFiles()).get("shortlinks.capnp") ?? "";
    const bound = [...capnp.matchAll(/\(name = "(\w+)", fromEnvironment = "(\w+)"\)/g)];
    expect(bound.every(([, name, from]) => name === from)).toBe(true);
    expect(bound.map(([, name]) => name).sort()).toEqual(
      [...ANALYTICS_KEYS, "ACCESS_TEAM_DOMAIN", "ACCESS_AUD"].sort(),
    );
  });

  it("the page holds both files of the recipe", async () => {
    expect([...(await docFiles()).keys()].sort()).toEqual(["asset-types.js", "shortlinks.capnp"]);
  });

  runRequestCases({
    cannot: {
      clock: "workerd answers at the machine's time",
      draw: "the worker draws a split's variant with crypto.getRandomValues",
    },
    answer: async (c) => {
      const init = {
        method: c.method ?? "GET",
        headers: { ...c.headers, ...(c.cf ? { [cfHeader]: JSON.stringify(c.cf) } : {}) },
        body: c.body,
      };
      // Sent with the case's Host, as a reverse proxy passes it on: the instance lists its hosts.
      return httpAnswer(await fetchWithHost(origin + c.path, c.host ?? CASE_HOST, init));
    },
  });

  it("the recipe's content types are the contract's table", async () => {
    const script = (await docFiles()).get("asset-types.js") ?? "";
    const table = Object.fromEntries(
      [...script.matchAll(/^ {2}(\w+): "([^"]+)",$/gm)].map(([, ext, type]) => ["." + ext, type]),
    );
    expect(table).toEqual(CONTENT_TYPES);
  });

  it("static files get their content type from the recipe's asset worker", async () => {
    const response = await fetchWithHost(`${origin}/hello.html`, CASE_HOST);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });
});
