import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runServe, type BuildFn } from "./run-serve.js";
import { writeBundle, writeTestBundle } from "../../../test/support/hand-made-bundle.js";

interface Run {
  code: number;
  builds: number;
  out: string[];
  err: string[];
  answered?: string;
}

async function run(options: { root: string; build: BuildFn }): Promise<Run> {
  const result: Run = { code: -1, builds: 0, out: [], err: [] };
  const build: BuildFn = async (args) => {
    result.builds++;
    return options.build(args);
  };
  result.code = await runServe({
    root: options.root,
    port: 0,
    build,
    io: { out: (l) => result.out.push(l), err: (l) => result.err.push(l) },
    until: async (handle) => {
      result.answered = await (await fetch(new URL("/x", handle.url))).text();
    },
  });
  return result;
}

describe("shortlinks serve", () => {
  it("builds first when the output folder holds no bundle, then serves it", async () => {
    const root = await mkdtemp(join(tmpdir(), "shortlinks-run-"));
    const result = await run({
      root,
      build: async ({ out }) => (await writeBundle(out, "fresh"), true),
    });
    expect(result).toMatchObject({ code: 0, builds: 1, answered: "worker fresh /x" });
    expect(result.out.at(-1)).toBe("shortlinks serve: stopped");
  });

  it("serves an existing bundle without building", async () => {
    const { root } = await writeTestBundle({ version: "kept" });
    const result = await run({ root, build: async () => true });
    expect(result).toMatchObject({ code: 0, builds: 0, answered: "worker kept /x" });
  });

  it("a failed first build exits 1 and serves nothing", async () => {
    const root = await mkdtemp(join(tmpdir(), "shortlinks-run-"));
    const result = await run({ root, build: async () => false });
    expect(result).toMatchObject({ code: 1, builds: 1 });
    expect(result.answered).toBeUndefined();
  });

  it("SL601: a build that wrote no bundle is one coded line on stderr and exit 1", async () => {
    const root = await mkdtemp(join(tmpdir(), "shortlinks-run-"));
    const result = await run({ root, build: async () => true });
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/SL601 expected a built bundle/);
  });
});
