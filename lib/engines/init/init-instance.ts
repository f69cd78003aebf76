/**
 * `shortlinks init`: a new instance that builds at once, all or nothing. The files come from
 * defaults/init/ (data, not code). Every path init and its first build would write is checked
 * first (lib/shared/fs/write-target.ts): a file where a folder belongs, a folder where a file belongs,
 * someone else's src/worker.js or dist/ refuse the whole init before anything is written. Then
 * each file is created atomically and only where nothing exists (an existing file is kept), the
 * first build runs, and when it fails (or anything throws) what init and the build wrote is
 * removed again. Last, an existing .gitignore gets the template's entries it lacks. A folder
 * that already holds an instance is refused.
 */
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { buildInstance, type BuildResult } from "../build/build.js";
import { diag, hasErrors, type Diagnostic } from "../../shared/diagnostics.js";
import { writeFileAtomic } from "../../shared/fs/atomic.js";
import { exists } from "../../shared/fs/exists.js";
import { writeProblem } from "../../shared/fs/write-target.js";
import {
  packageRoot,
  DEFAULTS_DIR,
  LINKS_DIR,
  OUT_DIR,
  SITE_FILE,
  SRC_WORKER,
  TESTS_FILE,
} from "../../shared/paths.js";
import { gitignoreEntries, missingEntries, withEntries } from "./gitignore.js";
import { choosePackage } from "./package-spec.js";
import { writeAllOrNothing, type Written } from "./write-all.js";

/** Template in defaults/init -> path in the new instance. */
export const INIT_FILES = [
  ["site.yaml", SITE_FILE],
  ["links.yaml", `${LINKS_DIR}/links.yaml`],
  ["tests.yaml", TESTS_FILE],
  ["gitignore", ".gitignore"],
  ["package.json", "package.json"],
  ["workflow.yml", ".github/workflows/shortlinks.yml"],
] as const;

const GITIGNORE = ".gitignore";

export interface InitOptions {
  dir: string;
  name?: string;
  baseUrl?: string;
  /** The shortlinks dependency to write; default: this package, packed into vendor/. */
  packageSpec?: string;
}

export type InitResult =
  | {
      ok: true;
      root: string;
      created: string[];
      kept: string[];
      /** The entries added to a .gitignore that existed. */
      gitignoreAdded: string[];
      built: BuildResult;
    }
  /** The folder holds an instance already. */
  | { ok: false; root: string; reason: string }
  /** A path init would write is of the wrong kind or someone else's: nothing was written. */
  | { ok: false; root: string; refused: Diagnostic }
  /** The first build failed: what init wrote was removed again. */
  | { ok: false; root: string; built: BuildResult };

export const DEFAULT_BASE_URL = "https://go.example.org";

export async function initInstance(options: InitOptions): Promise<InitResult> {
  const root = resolve(options.dir);
  const existing = await instanceMark(root);
  if (existing)
    return {
      ok: false,
      root,
      reason: `${existing} exists: this folder already holds an instance (init never overwrites it)`,
    };
  const refused = await pathProblem(root);
  if (refused) return { ok: false, root, refused };
  const name = options.name ?? (basename(root) || "Short links");
  const chosen = await choosePackage(options.packageSpec);
  if (!chosen.ok) return { ok: false, root, reason: chosen.reason };
  const values: Record<string, string> = {
    name,
    base_url: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    package_name: packageNameOf(name),
    shortlinks_spec: chosen.choice.spec,
  };
  const vendored = await filesProblem(
    root,
    chosen.choice.files.map((f) => f.path),
  );
  if (vendored) return { ok: false, root, refused: vendored };
  const templated = await Promise.all(
    INIT_FILES.map(async ([template, path]) => {
      const text = await readFile(join(packageRoot(), DEFAULTS_DIR, "init", template), "utf8");
      return {
        path,
        content: fillTemplate(text, values, template.endsWith(".json") ? "json" : "yaml"),
      };
    }),
  );
  // The packed shortlinks (vendor/) first: package.json names it.
  const files = [...chosen.choice.files, ...templated];
  let built: BuildResult | undefined;
  const written: Written | undefined = await writeAllOrNothing(root, files, {
    // The first build writes dist/ and src/worker.js: taken back with the files when it fails.
    outputs: [OUT_DIR, SRC_WORKER],
    then: async () => {
      built = await buildInstance({ root });
      return built.wrote && !hasErrors(built.diagnostics);
    },
  });
  if (!written) return { ok: false, root, built: built! };
  const gitignoreAdded = written.kept.includes(GITIGNORE)
    ? await completeGitignore(
        join(root, GITIGNORE),
        templated.find((f) => f.path === GITIGNORE)!.content,
      )
    : [];
  return { ok: true, root, ...written, gitignoreAdded, built: built! };
}

/** What marks a folder as an instance already: its site.yaml, or a folder of link sources. */
async function instanceMark(root: string): Promise<string | undefined> {
  if (await exists(join(root, SITE_FILE))) return SITE_FILE;
  const links = join(root, LINKS_DIR);
  if (existsSync(links) && statSync(links).isDirectory()) return LINKS_DIR;
  return undefined;
}

/** The first path init or its first build may not write, as a refusal; undefined when none. */
async function pathProblem(root: string): Promise<Diagnostic | undefined> {
  const problem = await filesProblem(root, [...INIT_FILES.map(([, path]) => path), SRC_WORKER]);
  if (problem) return problem;
  if (await exists(join(root, SRC_WORKER)))
    return diag(
      "SL113",
      { file: SRC_WORKER, line: 0 },
      `init will not write ${SRC_WORKER}: it exists, and the first build writes the instance's worker there`,
      "move it away, or run init in another folder",
    );
  return writeProblem(root, join(root, OUT_DIR), { kind: "bundle" });
}

/** The first of `paths` (relative to the root) that is of the wrong kind for a new file. */
async function filesProblem(
  root: string,
  paths: readonly string[],
): Promise<Diagnostic | undefined> {
  for (const path of paths) {
    const problem = await writeProblem(root, join(root, path), {
      kind: "new instance",
      command: "init",
    });
    if (problem) return problem;
  }
  return undefined;
}

/** Adds the template's entries that the existing .gitignore lacks; returns them. */
async function completeGitignore(file: string, template: string): Promise<string[]> {
  const text = await readFile(file, "utf8");
  const missing = missingEntries(text, gitignoreEntries(template));
  if (missing.length > 0) await writeFileAtomic(file, withEntries(text, missing));
  return missing;
}

/**
 * `{{key}}` -> the value, escaped for the file: inside a JSON string, or (the name only, which
 * is free text) as a double-quoted YAML scalar. `${{ ... }}` of the workflow is left alone.
 */
function fillTemplate(text: string, values: Record<string, string>, kind: "json" | "yaml"): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    if (kind === "json") return JSON.stringify(value).slice(1, -1);
    return key === "name" ? JSON.stringify(value) : value;
  });
}

/** An npm package name from the site name: lower case, letters, digits and dashes. */
function packageNameOf(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "short-links" : slug.slice(0, 100);
}
