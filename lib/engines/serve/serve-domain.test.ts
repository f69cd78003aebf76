// serve on an instance that lists its hosts (test/instance): 127.0.0.1 answers as the default
// host, or as the host --domain names; a host the instance does not list is SL527.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServeProblem } from "./problems.js";
import { serveBundle, type ServeHandle } from "./serve-bundle.js";
import { buildInstance, CASE_INSTANCE } from "../../../test/support/build-instance.js";

let out: string;
const handles: ServeHandle[] = [];
const quiet = { port: 0, log: () => undefined, warn: () => undefined };

beforeAll(async () => {
  ({ out } = await buildInstance(CASE_INSTANCE));
});

afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
});

async function locationOf(domain: string | undefined, path: string): Promise<string | null> {
  const handle = await serveBundle({ outDir: out, ...quiet, ...(domain ? { domain } : {}) });
  handles.push(handle);
  const response = await fetch(new URL(path, handle.url), { redirect: "manual" });
  return response.headers.get("location");
}

describe("serve --domain", () => {
  it("without --domain, 127.0.0.1 answers as the default host", async () => {
    expect(await locationOf(undefined, "/docs")).toBe("https://docs.example.com/start");
  });

  it("--domain answers as that host: its own link of the same slug", async () => {
    expect(await locationOf("GO.example.net", "/docs")).toBe("https://example.net/docs-legacy");
  });

  it("SL527: --domain naming a host the instance does not list is refused before workerd starts", async () => {
    const refused = serveBundle({ outDir: out, ...quiet, domain: "evil.example" });
    await expect(refused).rejects.toBeInstanceOf(ServeProblem);
    await expect(refused).rejects.toMatchObject({
      diagnostic: { code: "SL527", message: expect.stringContaining("go.example.net") },
    });
  });
});
