/**
 * SL402: a custom `_headers` rule must not drop or weaken a mandatory control: the generator
 * identity, no-index, host-only HSTS, `frame-ancestors 'none'`, `base-uri 'self'`, and the
 * no-store/no-index fallback of the raw runtime files. Allowed, as a warning, only when
 * site.yaml states a public_disclosure reason.
 */
import { PRIVATE_FILES, shardPath } from "../../runtime/contract/index.js";
import { demote, diag, type Diagnostic } from "../diagnostics.js";
import { applyRules, matchesPattern } from "./match-pattern.js";
import type { SourcedHeaderRule } from "./parse-headers.js";

const PROBE_PATHS = [
  "/",
  "/some-link",
  "/lookup",
  "/lookup/resolve",
  "/fr/consultation",
  "/en/_stats/",
  "/en/_stats/api/links.json",
  "/en/_tests/",
  "/assets/app.css",
  shardPath(0),
  ...PRIVATE_FILES,
];
const PRIVATE_PROBES = new Set<string>([
  ...PRIVATE_FILES,
  shardPath(0),
  "/en/_stats/api/links.json",
]);

interface Control {
  name: string;
  header: string;
  holds: (headers: Map<string, string>, path: string, generator: string) => boolean;
}

const policies = (value: string | undefined) =>
  (value ?? "").split(",").map((p) => p.toLowerCase());

const CONTROLS: Control[] = [
  {
    name: "the generator identity (X-Generated-By)",
    header: "x-generated-by",
    holds: (h, _p, g) => h.get("x-generated-by") === g,
  },
  {
    name: "the no-index rule (X-Robots-Tag: noindex)",
    header: "x-robots-tag",
    holds: (h) => /\bnoindex\b/i.test(h.get("x-robots-tag") ?? ""),
  },
  {
    name: "host-only HSTS (Strict-Transport-Security without includeSubDomains or preload)",
    header: "strict-transport-security",
    holds: (h) => {
      const v = h.get("strict-transport-security") ?? "";
      return /max-age=\d+/i.test(v) && !/includesubdomains|preload/i.test(v);
    },
  },
  {
    name: "frame-ancestors 'none'",
    header: "content-security-policy",
    holds: (h) =>
      policies(h.get("content-security-policy")).some((p) =>
        /(^|;)\s*frame-ancestors\s+'none'\s*(;|$)/.test(p),
      ),
  },
  {
    name: "base-uri 'self'",
    header: "content-security-policy",
    holds: (h) =>
      policies(h.get("content-security-policy")).some((p) =>
        /(^|;)\s*base-uri\s+'self'\s*(;|$)/.test(p),
      ),
  },
  {
    name: "the raw runtime-file block (Cache-Control: no-store)",
    header: "cache-control",
    holds: (h, path) => !PRIVATE_PROBES.has(path) || /no-store/i.test(h.get("cache-control") ?? ""),
  },
];

export interface CheckOverridesInput {
  base: readonly SourcedHeaderRule[];
  custom: readonly SourcedHeaderRule[];
  generator: string;
  publicDisclosure?: string;
  extraPaths: readonly string[];
}

export function checkOverrides(input: CheckOverridesInput): Diagnostic[] {
  if (input.custom.length === 0) return [];
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  const all = [...input.base, ...input.custom];
  for (const path of [...PROBE_PATHS, ...input.extraPaths]) {
    const before = applyRules(input.base, path);
    const after = applyRules(all, path);
    for (const control of CONTROLS) {
      if (
        !control.holds(before, path, input.generator) ||
        control.holds(after, path, input.generator)
      )
        continue;
      const culprit = input.custom.find(
        (r) => matchesPattern(r.pattern, path) && r.headerLines[control.header] !== undefined,
      );
      const line = culprit?.headerLines[control.header] ?? culprit?.line ?? 0;
      const key = `${line}:${control.name}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const at = { file: culprit?.file ?? "custom/public/_headers", line };
      const message = `custom header rule ${culprit ? `"${culprit.pattern}" ` : ""}drops or weakens ${control.name} (for example on ${path})`;
      const d = input.publicDisclosure
        ? demote(
            diag("SL402", at, `${message}; accepted because site.yaml states public_disclosure`),
          )
        : diag(
            "SL402",
            at,
            message,
            "keep the control, or state public_disclosure: <reason> in custom/site.yaml",
          );
      out.push(d);
    }
  }
  return out;
}
