/**
 * The variables the local worker gets, later sources winning:
 * 1. `vars` of the bundle's wrangler.json (what `wrangler deploy` would set),
 * 2. `ROOT/custom/vars.yaml` (the instance's committed variables, read fresh on every reload),
 * 3. `ROOT/.dev.vars` (local values and secrets, never committed).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { BundleConfig, VarValue } from "./bundle-config.js";
import { parseDevVars } from "./dev-vars.js";
import { ServeProblem } from "./problems.js";
import { appendAll } from "../../shared/lists.js";
import { DEV_VARS_FILE, VARS_YAML, WRANGLER_CONFIG } from "../../shared/paths.js";

export interface ServeVars {
  vars: Record<string, VarValue>;
  diagnostics: Diagnostic[];
  /** Which files contributed, relative to the root, for the start-up line. */
  sources: string[];
}

export function loadServeVars(root: string, bundle: Pick<BundleConfig, "vars">): ServeVars {
  const vars: Record<string, VarValue> = { ...bundle.vars };
  const sources = [WRANGLER_CONFIG];
  const diagnostics: Diagnostic[] = [];
  const yamlFile = join(root, VARS_YAML);
  if (existsSync(yamlFile)) {
    Object.assign(vars, readVarsYaml(readFileSync(yamlFile, "utf8")));
    sources.push(VARS_YAML);
  }
  const devFile = join(root, DEV_VARS_FILE);
  if (existsSync(devFile)) {
    const dev = parseDevVars(readFileSync(devFile, "utf8"));
    Object.assign(vars, dev.vars);
    appendAll(diagnostics, dev.diagnostics);
    sources.push(DEV_VARS_FILE);
  }
  return { vars, diagnostics, sources };
}

/** A YAML mapping of names to scalars; scalars become strings as wrangler `vars` would carry them. */
export function readVarsYaml(text: string): Record<string, string> {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line ?? 0;
    throw new ServeProblem(
      diag(
        "SL604",
        { file: VARS_YAML, line },
        `expected YAML, found a parse error: ${(error as Error).message.split("\n")[0]}`,
      ),
    );
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== "object" || Array.isArray(doc))
    throw new ServeProblem(
      diag(
        "SL604",
        { file: VARS_YAML, line: 0 },
        "expected a mapping of NAME: value, found another shape",
      ),
    );
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
      throw new ServeProblem(
        diag(
          "SL604",
          { file: VARS_YAML, line: 0 },
          `expected a variable name, found ${JSON.stringify(key)}`,
        ),
      );
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
      throw new ServeProblem(
        diag(
          "SL604",
          { file: VARS_YAML, line: 0 },
          `expected a text value for ${key}, found a ${value === null ? "null" : "structure"}`,
          "quote the value",
        ),
      );
    out[key] = String(value);
  }
  return out;
}
