/**
 * `shortlinks init`: a new instance that builds at once. The files come from defaults/init/
 * (data, not code); each is created atomically and only where nothing exists yet, so init never
 * overwrites a byte. A folder that already holds an instance is refused.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { createFileExclusive } from "../../shared/fs/atomic.js";
import { packageRoot } from "../../shared/paths.js";
import { choosePackage } from "./package-spec.js";

/** Template in defaults/init -> path in the new instance. */
export const INIT_FILES = [
  ["site.yaml", "custom/site.yaml"],
  ["links.yaml", "custom/links/links.yaml"],
  ["tests.yaml", "custom/tests.yaml"],
  ["gitignore", ".gitignore"],
  ["package.json", "package.json"],
  ["workflow.yml", ".github/workflows/shortlinks.yml"],
] as const;

/** What marks a folder as an instance already. */
const INSTANCE_MARKS = ["custom/site.yaml", "custom/links"];

export interface InitOptions {
  dir: string;
  name?: string;
  baseUrl?: string;
  /** The shortlinks dependency to write; default: this package, packed into vendor/. */
  packageSpec?: string;
}

export type InitResult =
  | { ok: true; root: string; created: string[]; kept: string[] }
  | { ok: false; root: string; reason: string };

export const DEFAULT_BASE_URL = "https://go.example.org";

export async function initInstance(options: InitOptions): Promise<InitResult> {
  const root = resolve(options.dir);
  const existing = INSTANCE_MARKS.find((mark) => existsSync(join(root, mark)));
  if (existing)
    return {
      ok: false,
      root,
      reason: `${existing} exists: this folder already holds an instance (init never overwrites it)`,
    };
  const name = options.name ?? (basename(root) || "Short links");
  const chosen = await choosePackage(options.packageSpec);
  if (!chosen.ok) return { ok: false, root, reason: chosen.reason };
  const values: Record<string, string> = {
    name,
    base_url: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    package_name: packageNameOf(name),
    shortlinks_spec: chosen.choice.spec,
  };
  const created: string[] = [];
  const kept: string[] = [];
  for (const { path, content } of chosen.choice.files) {
    if (await createFileExclusive(join(root, path), content)) created.push(path);
    else kept.push(path);
  }
  for (const [template, target] of INIT_FILES) {
    const text = await readFile(join(packageRoot(), "defaults", "init", template), "utf8");
    const content = fillTemplate(text, values, template.endsWith(".json") ? "json" : "yaml");
    if (await createFileExclusive(join(root, target), content)) created.push(target);
    else kept.push(target);
  }
  return { ok: true, root, created, kept };
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
