/**
 * Reads what `shortlinks build` wrote for the deployment tool (`OUT/wrangler.json`) and turns it
 * into the few facts the local engine needs, so `serve` runs exactly what `wrangler deploy` ships.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { diag } from "../../shared/diagnostics.js";
import { ServeProblem } from "./problems.js";
import { WRANGLER_CONFIG } from "../../shared/paths.js";

const VarValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);

const WranglerSchema = z.object({
  name: z.string().optional(),
  main: z.string().min(1),
  compatibility_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  compatibility_flags: z.array(z.string()).optional(),
  assets: z.object({
    directory: z.string().min(1),
    binding: z.string().min(1).optional(),
    run_worker_first: z.union([z.boolean(), z.array(z.string())]).optional(),
    html_handling: z
      .enum(["auto-trailing-slash", "force-trailing-slash", "drop-trailing-slash", "none"])
      .optional(),
    not_found_handling: z.enum(["single-page-application", "404-page", "none"]).optional(),
  }),
  vars: z.record(z.string(), VarValue).optional(),
  /** An instance that lists its hosts deploys to each as a Custom Domain (docs/domains.md). */
  routes: z
    .array(z.object({ pattern: z.string().min(1), custom_domain: z.boolean().optional() }))
    .optional(),
});

export type WranglerConfig = z.infer<typeof WranglerSchema>;
export type VarValue = z.infer<typeof VarValue>;

/** The bundle as the engine sees it: absolute paths and the deployment's own settings. */
export interface BundleConfig {
  outDir: string;
  name: string;
  scriptPath: string;
  compatibilityDate: string;
  compatibilityFlags: string[];
  assetsDirectory: string;
  assetsBinding: string;
  runWorkerFirst: boolean | string[];
  htmlHandling?: WranglerConfig["assets"]["html_handling"];
  notFoundHandling?: WranglerConfig["assets"]["not_found_handling"];
  vars: Record<string, VarValue>;
  /** The hosts the instance answers on, the default first, when site.yaml lists them. */
  hosts?: string[];
}

/** True when `outDir` holds a bundle (its wrangler.json); `serve` builds first otherwise. */
export function hasBundle(outDir: string): boolean {
  return existsSync(join(outDir, WRANGLER_CONFIG));
}

export function readBundleConfig(outDir: string): BundleConfig {
  const dir = resolve(outDir);
  const file = join(dir, WRANGLER_CONFIG);
  if (!existsSync(file))
    throw new ServeProblem(
      diag(
        "SL601",
        { file, line: 0 },
        `expected a built bundle, found no ${WRANGLER_CONFIG}`,
        "run `shortlinks build` first, or pass --out to the folder it wrote",
      ),
    );
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ServeProblem(
      diag(
        "SL602",
        { file, line: 0 },
        `expected JSON, found a parse error (${(error as Error).message})`,
        "rebuild with `shortlinks build`",
      ),
    );
  }
  const parsed = WranglerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(root)";
    throw new ServeProblem(
      diag(
        "SL602",
        { file, line: 0 },
        `field ${where}: ${issue?.message ?? "invalid"}`,
        "rebuild with `shortlinks build`; do not edit dist/ by hand",
      ),
    );
  }
  const config = parsed.data;
  const bundle: BundleConfig = {
    outDir: dir,
    name: config.name ?? "shortlinks",
    scriptPath: resolve(dir, config.main),
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
    assetsDirectory: resolve(dir, config.assets.directory),
    assetsBinding: config.assets.binding ?? "ASSETS",
    runWorkerFirst: config.assets.run_worker_first ?? false,
    htmlHandling: config.assets.html_handling,
    notFoundHandling: config.assets.not_found_handling,
    vars: config.vars ?? {},
  };
  if (config.routes) bundle.hosts = config.routes.map((route) => route.pattern);
  if (!existsSync(bundle.scriptPath))
    throw new ServeProblem(
      diag(
        "SL601",
        { file, line: 0 },
        `expected the worker at ${config.main}, found no file`,
        "rebuild with `shortlinks build`",
      ),
    );
  if (!existsSync(bundle.assetsDirectory))
    throw new ServeProblem(
      diag(
        "SL601",
        { file, line: 0 },
        `expected the assets folder ${config.assets.directory}, found none`,
        "rebuild with `shortlinks build`",
      ),
    );
  return bundle;
}
