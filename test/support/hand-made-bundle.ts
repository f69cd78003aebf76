/**
 * A hand-made bundle for the serve tests (not the compiler's: these tests pin the engine, not the
 * build): a worker that says which version it is, echoes its variables, and reads one asset.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function workerSource(version: string): string {
  return `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/env") return Response.json({ FROM_WRANGLER: env.FROM_WRANGLER, FROM_YAML: env.FROM_YAML, FROM_DEV: env.FROM_DEV, SHARED: env.SHARED });
    if (url.pathname === "/asset") return env.ASSETS.fetch(new URL("/note.txt", url));
    return new Response("worker ${version} " + url.pathname, { headers: { "x-version": "${version}" } });
  },
};
`;
}

export interface TestBundle {
  root: string;
  out: string;
}

/** An instance root with `custom/` and a bundle in `ROOT/dist`, as `shortlinks build` would leave it. */
export async function writeTestBundle(
  options: { version?: string; wrangler?: Record<string, unknown> } = {},
): Promise<TestBundle> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-serve-"));
  const out = join(root, "dist");
  await mkdir(join(root, "custom/links"), { recursive: true });
  await writeFile(
    join(root, "custom/links/links.yaml"),
    "- slug: a\n  target: https://example.com/\n",
  );
  await writeBundle(out, options.version ?? "v1", options.wrangler);
  return { root, out };
}

export async function writeBundle(
  out: string,
  version: string,
  wrangler: Record<string, unknown> = {},
): Promise<void> {
  await mkdir(join(out, "assets"), { recursive: true });
  await writeFile(join(out, "worker.js"), workerSource(version));
  await writeFile(join(out, "assets/note.txt"), `asset ${version}\n`);
  await writeFile(join(out, "assets/_headers"), "/note.txt\n  X-From-Headers-File: yes\n");
  const config = {
    name: "serve-test",
    main: "worker.js",
    compatibility_date: "2026-04-26",
    no_bundle: true,
    assets: { directory: "./assets", binding: "ASSETS", run_worker_first: true },
    vars: { FROM_WRANGLER: "wrangler", SHARED: "wrangler" },
    ...wrangler,
  };
  await writeFile(join(out, "wrangler.json"), JSON.stringify(config, null, 2));
}
