/**
 * Header rules in one place: defaults/_headers (placeholders filled), then one sandboxed-CSP
 * rule per custom HTML file, then custom/public/_headers. Every generated and custom rule is
 * checked against the mandatory controls (check-overrides.ts), whose values the worker applies
 * after all of them (runtime/http/mandatory.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  HOSTS_DIR,
  PRIVATE_FILES,
  SHARD_DIR,
  type HeaderRule,
} from "../../../../runtime/contract/index.js";
import type { Diagnostic } from "../../../shared/diagnostics.js";
import { checkOverrides, mandatoryReferences } from "./check-overrides.js";
import { htmlServedPaths, SANDBOXED_CSP } from "./csp.js";
import {
  parseHeaders,
  renderHeaders,
  toHeaderRule,
  type SourcedHeaderRule,
} from "./parse-headers.js";
import { CUSTOM_HEADERS_FILE } from "../../../shared/paths.js";

/** A defaults rule on this pattern stands for one rule per private runtime file of the contract. */
export const PRIVATE_FILES_PATTERN = "/{private_files}";
const PRIVATE_PATTERNS = [...PRIVATE_FILES, SHARD_DIR + "*"];
/** The other hosts' files (docs/domains.md), only written by an instance that lists domains. */
const HOSTS_PATTERN = HOSTS_DIR + "*";

function expandPrivateFiles(rules: SourcedHeaderRule[], hosts: boolean): SourcedHeaderRule[] {
  const patterns = hosts ? [...PRIVATE_PATTERNS, HOSTS_PATTERN] : PRIVATE_PATTERNS;
  return rules.flatMap((rule) =>
    rule.pattern === PRIVATE_FILES_PATTERN
      ? patterns.map((pattern) => ({ ...rule, pattern }))
      : [rule],
  );
}

export interface ComposeHeadersInput {
  root: string;
  defaultsDir: string;
  generator: string;
  site: { code_host_api: string; public_disclosure?: string };
  /** Public paths of custom HTML files, e.g. `/hello.html`. */
  customHtml: readonly string[];
  /** Whether site.yaml lists domains, so that `/links-hosts/` holds files. */
  hosts?: boolean;
}

export interface ComposedHeaders {
  rules: HeaderRule[];
  text: string;
  /** The mandatory controls' values the worker enforces (site config `mandatory_headers`). */
  mandatory: Record<string, string>;
  diagnostics: Diagnostic[];
}

export async function composeHeaders(input: ComposeHeadersInput): Promise<ComposedHeaders> {
  const defaultsText = await readFile(join(input.defaultsDir, "_headers"), "utf8");
  let customText = "";
  try {
    customText = await readFile(join(input.root, CUSTOM_HEADERS_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return composeRules({ ...input, defaultsText, customText });
}

export interface ComposeRulesInput extends Omit<ComposeHeadersInput, "root" | "defaultsDir"> {
  /** defaults/_headers as written, placeholders unfilled. */
  defaultsText: string;
  /** custom/public/_headers ("" when there is none). */
  customText: string;
}

/** The composition itself, without files: what composeHeaders reads, and what tests generate. */
export function composeRules(input: ComposeRulesInput): ComposedHeaders {
  const defaultsText = input.defaultsText
    .replaceAll("{generator}", input.generator)
    .replaceAll("{code_host_api}", input.site.code_host_api);
  const defaults = parseHeaders(defaultsText, "defaults/_headers");
  const generated: SourcedHeaderRule[] = input.customHtml.flatMap((path) =>
    htmlServedPaths(path).map((pattern) => ({
      pattern,
      set: { "Content-Security-Policy": SANDBOXED_CSP },
      unset: ["Content-Security-Policy"],
      file: "(generated)",
      line: 0,
      headerLines: {},
    })),
  );
  const custom = parseHeaders(input.customText, CUSTOM_HEADERS_FILE);
  const references = mandatoryReferences(defaults.rules);
  const all = [
    ...expandPrivateFiles(defaults.rules, input.hosts === true),
    ...generated,
    ...custom.rules,
  ];
  const diagnostics = [
    ...defaults.diagnostics,
    ...custom.diagnostics,
    ...references.diagnostics,
    ...checkOverrides({
      custom: [...generated, ...custom.rules],
      references: references.values,
      publicDisclosure: input.site.public_disclosure,
    }),
  ];
  const rules = all.map(toHeaderRule);
  return { rules, text: renderHeaders(rules), mandatory: references.values, diagnostics };
}
