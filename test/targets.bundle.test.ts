// The same target case table gives the same verdicts from the compiler (the module as
// lib/ imports it) and from the runtime as it ships (bundled by the worker's own esbuild config).
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleWorker } from "../lib/stages/5-bundle/bundle-worker.js";
import * as compiler from "../runtime/targets/index.js";
import { CASE_POLICY, SAFE_CASES, SPLAT_CASES, UNSAFE_CASES } from "./cases/targets.js";

let bundled: typeof compiler;

beforeAll(async () => {
  const { code } = await bundleWorker("runtime/targets/index.ts");
  const file = join(await mkdtemp(join(tmpdir(), "shortlinks-targets-")), "targets.js");
  await writeFile(file, code);
  bundled = (await import(pathToFileURL(file).href)) as typeof compiler;
});

const verdictOf = (
  module: typeof compiler,
  target: string,
  allow?: Parameters<typeof compiler.checkTarget>[2],
) => {
  const v = module.checkTarget(target, CASE_POLICY, allow);
  return v.ok ? { ok: true, url: v.url } : { ok: false, rule: v.rule, code: v.code };
};

describe("target rules: compiler and bundled runtime agree", () => {
  it.each(UNSAFE_CASES.map((c) => [c.target, c] as const))("unsafe %s", (_t, c) => {
    const fromBundle = verdictOf(bundled, c.target, c.allow);
    expect(fromBundle).toEqual(verdictOf(compiler, c.target, c.allow));
    expect(fromBundle).toMatchObject({ ok: false, rule: c.rule });
  });

  it.each(SAFE_CASES.map((c) => [c.target, c] as const))("safe %s", (_t, c) => {
    const fromBundle = verdictOf(bundled, c.target, c.allow);
    expect(fromBundle).toEqual(verdictOf(compiler, c.target, c.allow));
    expect(fromBundle).toEqual({ ok: true, url: c.href ?? c.target });
  });

  it.each(SPLAT_CASES.map((c) => [`${c.target} + ${c.remainder.join("/")}`, c] as const))(
    "splat %s",
    (_t, c) => {
      const run = (module: typeof compiler) => {
        const expanded = module.expandSplat(c.target, c.remainder);
        if (!expanded.ok) return { rule: expanded.rule };
        const v = module.checkTarget(expanded.url, CASE_POLICY);
        return v.ok ? { url: v.url } : { rule: v.rule };
      };
      expect(run(bundled)).toEqual(run(compiler));
      expect(run(bundled)).toEqual(c.expect);
    },
  );
});
