// One registry per host (docs/domains.md), over the case instance (test/instance lists four
// hosts): where each host's files lie, what wrangler.json deploys to, and that an instance
// without domains writes none of it.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileInstance } from "../compile.js";
import type { OutputFile } from "../5-bundle/output-files.js";
import { CASE_INSTANCE } from "../../../test/support/build-instance.js";

const text = (files: readonly OutputFile[], path: string) => {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path} among ${files.length} files`);
  return typeof file.content === "string" ? file.content : new TextDecoder().decode(file.content);
};

let files: OutputFile[];

beforeAll(async () => {
  const compiled = await compileInstance({ root: CASE_INSTANCE, skipBundle: true });
  files = compiled.files ?? [];
  expect(compiled.files).toBeDefined();
});

describe("per-host registries", () => {
  it("build writes one custom_domain route per host, aliases and IDN hosts included, and no workers.dev name", () => {
    const config = JSON.parse(text(files, "wrangler.json"));
    expect(config.routes).toEqual(
      ["links.example.com", "go.example.net", "lnk.example.com", "xn--bcher-kva.example"].map(
        (pattern) => ({ pattern, custom_domain: true }),
      ),
    );
    expect(config).toMatchObject({ workers_dev: false, preview_urls: false });
  });

  it("the default host's registry stays at the root and holds none of another host's links", () => {
    const shards = files.filter((f) => /^assets\/links-shards\/\d+\.jsonl$/.test(f.path));
    const all = shards.map((f) => text(files, f.path)).join("\n");
    expect(all).toContain('"both-hosts"');
    expect(all).not.toContain("net-only");
    expect(all).not.toContain("docs-legacy");
  });

  it("another host's registry, stats and tests files lie below /links-hosts/<host>, its own links only", () => {
    const dir = "assets/links-hosts/go.example.net";
    const manifest = JSON.parse(text(files, `${dir}/links.json`));
    expect(manifest).toMatchObject({ exact_count: 3, splat_count: 0 });
    const shard = text(files, `${dir}/links-shards/0.jsonl`);
    expect(shard).toContain("net-only");
    expect(shard).toContain("docs-legacy");
    expect(shard).not.toContain("docs.example.com/start");
    expect(files.map((f) => f.path)).toContain(`${dir}/links-stats/index.json`);
  });

  it("an alias has no registry of its own, only the tests pages of the expectations asked on it", () => {
    const own = files.map((f) => f.path).filter((p) => p.startsWith("assets/links-hosts/lnk."));
    expect(own).toEqual(["assets/links-hosts/lnk.example.com/links-tests/index.json"]);
  });

  it("an instance without domains writes no /links-hosts/ file and no routes", async () => {
    const root = await mkdtemp(join(tmpdir(), "shortlinks-one-host-"));
    await cp(CASE_INSTANCE, root, { recursive: true });
    const site = await readFile(join(root, "custom/site.yaml"), "utf8");
    await writeFile(
      join(root, "custom/site.yaml"),
      site.slice(0, site.indexOf("\n# Several domains")),
    );
    const links = await readFile(join(root, "custom/links/domains.yaml"), "utf8");
    await writeFile(
      join(root, "custom/links/domains.yaml"),
      links.replace(/^ {2}domains?: .*\n/gm, "").replace(/^- slug: docs\n.*\n/m, ""),
    );
    await rm(join(root, "custom/domains"), { recursive: true });
    const compiled = await compileInstance({ root, skipBundle: true });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const paths = (compiled.files ?? []).map((f) => f.path);
    expect(paths.filter((p) => p.includes("links-hosts"))).toEqual([]);
    expect(JSON.parse(text(compiled.files ?? [], "wrangler.json"))).not.toHaveProperty("routes");
  });
});
