/** Load custom/site.yaml over defaults/site.yaml. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { parseLocated } from "../../../shared/yaml-lines.js";
import { issuesToDiagnostics } from "../../../shared/zod-issues.js";
import { contactProblems } from "./site-contacts.js";
import { z } from "zod";
import { SITE_SCHEMA, type Site } from "./site-schema.js";
import { SITE_FILE } from "../../../shared/paths.js";
import { checkDomains, type Domain } from "./domains.js";

export interface LoadedSite {
  site?: Site;
  /** site.yaml's domains, checked (absent when it lists none). */
  domains?: Domain[];
  diagnostics: Diagnostic[];
  /** The line of a field of custom/site.yaml (1 when the file has none). */
  lineOf: (path: readonly PropertyKey[]) => number;
}

const NO_LINES = () => 1;

export async function loadSite(root: string, defaultsDir: string): Promise<LoadedSite> {
  const at = { file: SITE_FILE, line: 0 };
  let defaults: Record<string, unknown> = {};
  try {
    const parsed = parseLocated(await readFile(join(defaultsDir, "site.yaml"), "utf8"));
    if (isRecord(parsed.value)) defaults = parsed.value;
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  let text: string;
  try {
    text = await readFile(join(root, SITE_FILE), "utf8");
  } catch (error) {
    if (!isMissing(error)) throw error;
    return {
      lineOf: NO_LINES,
      diagnostics: [
        diag(
          "SL501",
          at,
          `${SITE_FILE} is missing`,
          "run `shortlinks init` to create an instance here, or pass --root with the instance's folder",
        ),
      ],
    };
  }
  const located = parseLocated(text);
  if (located.errors.length > 0) {
    return {
      lineOf: NO_LINES,
      diagnostics: located.errors.map((e) =>
        diag("SL501", { file: SITE_FILE, line: e.line }, `cannot parse: ${e.message}`),
      ),
    };
  }
  const own = located.value ?? {};
  if (!isRecord(own)) {
    return {
      lineOf: NO_LINES,
      diagnostics: [diag("SL502", { ...at, line: 1 }, "expected a mapping of site fields")],
    };
  }
  const raw = { ...defaults, ...own };
  const result = SITE_SCHEMA.safeParse(raw);
  if (!result.success) {
    // The private zones have their own code (SL530, docs/private-links.md).
    const zones = (issue: z.core.$ZodIssue) => issue.path[0] === "access";
    const report = (issues: z.core.$ZodIssue[], code: "SL502" | "SL530") =>
      issuesToDiagnostics(new z.ZodError(issues), {
        file: SITE_FILE,
        lineOf: located.lineOf,
        raw,
        codes: { missing: code, unknown: code, invalid: code },
      });
    const diagnostics = [
      ...report(
        result.error.issues.filter((i) => !zones(i)),
        "SL502",
      ),
      ...report(result.error.issues.filter(zones), "SL530"),
    ];
    return { diagnostics, lineOf: located.lineOf };
  }
  const site = result.data;
  const domains = checkDomains({
    entries: site.domains,
    baseUrl: site.base_url,
    file: SITE_FILE,
    lineOf: located.lineOf,
  });
  return {
    site,
    domains: domains.domains,
    diagnostics: [
      ...contactProblems(site, { file: SITE_FILE, lineOf: located.lineOf }),
      ...domains.diagnostics,
    ],
    lineOf: located.lineOf,
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}
