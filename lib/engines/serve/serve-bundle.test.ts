// serveBundle against a hand-made bundle: one workerd for the file, reloaded in place by --watch.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formatDiagnostic } from "../../shared/diagnostics.js";
import { ServeProblem } from "./problems.js";
import { serveBundle, type ServeHandle } from "./serve-bundle.js";
import {
  writeBundle,
  writeTestBundle,
  type TestBundle,
} from "../../../test/support/hand-made-bundle.js";

let bundle: TestBundle;
let handle: ServeHandle;
let closed = false;
const lines: string[] = [];
let version = 1;
let failNextBuild = false;

beforeAll(async () => {
  bundle = await writeTestBundle();
  await writeFile(join(bundle.root, "custom/vars.yaml"), "FROM_YAML: yaml\nSHARED: yaml\n");
  await writeFile(join(bundle.root, ".dev.vars"), "FROM_DEV=dev\n");
  handle = await serveBundle({
    outDir: bundle.out,
    root: bundle.root,
    port: 0,
    log: (line) => lines.push(line),
    warn: (line) => lines.push(line),
    watch: {
      root: bundle.root,
      rebuild: async () => {
        if (failNextBuild) throw new Error("SL104 required field missing");
        version += 1;
        await writeBundle(bundle.out, `v${version}`);
      },
    },
  });
});

afterAll(async () => {
  if (!closed) await handle?.close();
});

const get = (path: string) => fetch(new URL(path, handle.url), { redirect: "manual" });

/** Polls (at most 200 tries) until `check` passes; refused connections while workerd restarts are retried. */
async function eventually(path: string, check: (body: string) => boolean): Promise<string> {
  let body = "";
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      body = await (await get(path)).text();
      if (check(body)) return body;
    } catch (error) {
      body = String(error);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return body;
}

describe("serveBundle", () => {
  it("listens on 127.0.0.1 and prints its URL", () => {
    expect(handle.url.hostname).toBe("127.0.0.1");
    expect(lines.some((line) => line.includes(handle.url.href))).toBe(true);
  });

  it("the worker runs ahead of assets: a path that is also a file reaches the worker", async () => {
    expect(await (await get("/note.txt")).text()).toBe("worker v1 /note.txt");
  });

  it("the worker reads assets through the ASSETS binding, with _headers applied", async () => {
    const response = await get("/asset");
    expect(await response.text()).toBe("asset v1\n");
    expect(response.headers.get("x-from-headers-file")).toBe("yes");
  });

  it("variables: .dev.vars over custom/vars.yaml over wrangler.json", async () => {
    expect(await (await get("/env")).json()).toEqual({
      FROM_WRANGLER: "wrangler",
      FROM_YAML: "yaml",
      FROM_DEV: "dev",
      SHARED: "yaml",
    });
  });

  it("--watch: a change under custom/ rebuilds and reloads at the same address", async () => {
    await writeFile(
      join(bundle.root, "custom/links/links.yaml"),
      "- slug: b\n  target: https://example.com/b\n",
    );
    expect(await eventually("/", (body) => body.startsWith("worker v2"))).toBe("worker v2 /");
    expect(lines).toContain("shortlinks serve: rebuilt and reloaded");
  });

  it("--watch: a change of .dev.vars reloads the variables", async () => {
    await writeFile(join(bundle.root, ".dev.vars"), "FROM_DEV=changed\n");
    expect(JSON.parse(await eventually("/env", (body) => body.includes("changed"))).FROM_DEV).toBe(
      "changed",
    );
  });

  it("SL606: a failed rebuild warns and the last good bundle keeps answering", async () => {
    failNextBuild = true;
    await writeFile(join(bundle.root, "custom/links/links.yaml"), "- slug: broken\n");
    for (let i = 0; i < 200 && !lines.some((l) => l.includes("SL606")); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(lines.find((l) => l.includes("SL606"))).toMatch(/rebuild failed/);
    expect(await eventually("/", (body) => body.startsWith("worker"))).toBe(`worker v${version} /`);
    failNextBuild = false;
  });

  it("SL605: a second server on the same address is one coded line, workerd's trace withheld", async () => {
    const printed: string[] = [];
    const spies = (["log", "error", "warn"] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation((line: unknown) => {
        printed.push(String(line));
      }),
    );
    try {
      const port = Number(handle.url.port);
      const second = serveBundle({
        outDir: bundle.out,
        port,
        log: (line) => printed.push(line),
        warn: (line) => printed.push(line),
      });
      const refused = await second.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ServeProblem);
      const diagnostic = (refused as ServeProblem).diagnostic;
      expect(diagnostic.code).toBe("SL605");
      expect(formatDiagnostic(diagnostic)).toMatch(
        new RegExp(`^127\\.0\\.0\\.1:${port}: SL605 [^\\n]+$`),
      );
      // workerd writes its fatal exception and stack before it exits; give its pipes a moment.
      await new Promise((done) => setTimeout(done, 200));
      expect(printed).toEqual([]);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it("close() stops the server and frees the address", async () => {
    await handle.close();
    closed = true;
    await expect(get("/")).rejects.toThrow();
  });
});
