/**
 * custom/tests.yaml: the instance's expectations (SL503 for a bad row), compiled into the site
 * config for the tests page and for `check` (unmet-expectations.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { Expectation } from "../../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { parseIsoWithOffset } from "../../2-validate/schedules.js";
import { parseLocated } from "../../../shared/yaml-lines.js";
import { namedFactsProblem } from "../../../../runtime/link-routes/named-facts.js";
import { issuesToDiagnostics } from "../../../shared/zod-issues.js";
import { appendAll } from "../../../shared/lists.js";
import { TESTS_FILE } from "../../../shared/paths.js";
import { asciiHost, type Domain } from "../site/domains.js";

const text = (what: string) =>
  z.string({ error: `expected ${what}` }).min(1, { error: `expected ${what}` });

const EXPECTATION_SCHEMA = z.strictObject({
  path: z
    .string({ error: "expected a path starting with /" })
    .regex(/^\//, { error: "expected a path starting with /" }),
  at: z
    .string({ error: "expected an ISO 8601 time with an offset" })
    .refine((t) => parseIsoWithOffset(t) !== undefined, {
      error: "expected an ISO 8601 time with an offset",
    })
    .optional(),
  status: z
    .number({ error: "expected an HTTP status" })
    .int({ error: "expected an HTTP status" })
    .min(100, { error: "expected an HTTP status" })
    .max(599, { error: "expected an HTTP status" }),
  location: z.string({ error: "expected the Location URL as text" }).optional(),
  // The request facts it is asked with (docs/routes.md, "Trying a request").
  country: text("a country code such as FR").optional(),
  continent: text("a continent code such as EU").optional(),
  region: text("an ISO 3166-2 code such as US-TX").optional(),
  asn: z.number({ error: "expected a number such as 13335" }).int().min(0).optional(),
  timezone: text("an IANA time zone such as Europe/Paris").optional(),
  ip: text("an IP address").optional(),
  lang: text("an Accept-Language value such as fr-CH, fr;q=0.9").optional(),
  ua: text("a User-Agent").optional(),
  query: z
    .record(z.string(), z.union([z.string(), z.array(z.string())]), {
      error: "expected a mapping of query parameters to values",
    })
    .optional(),
  split_draw: z
    .number({ error: "expected a number from 0 up to (not including) 1" })
    .min(0, { error: "expected a number from 0 up to (not including) 1" })
    .lt(1, { error: "expected a number from 0 up to (not including) 1" })
    .optional(),
  // Inside a private zone: answer as this person, signed in (docs/private-links.md).
  as: z
    .string({ error: "expected an e-mail address such as carol@example.com" })
    .regex(/^[^\s@]+@[^\s@]+$/, { error: "expected an e-mail address such as carol@example.com" })
    .optional(),
  /** The host it is asked on (docs/domains.md); the default host without it. */
  domain: text("a host name listed in site.yaml domains").optional(),
});

export async function loadExpectations(
  root: string,
  domains?: readonly Domain[],
): Promise<{ expectations: Expectation[]; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(join(root, TESTS_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { expectations: [], diagnostics: [] };
    throw error;
  }
  const located = parseLocated(text);
  if (located.errors.length > 0) {
    return {
      expectations: [],
      diagnostics: located.errors.map((e) =>
        diag("SL503", { file: TESTS_FILE, line: e.line }, `cannot parse: ${e.message}`),
      ),
    };
  }
  const rows = located.value ?? [];
  if (!Array.isArray(rows)) {
    return {
      expectations: [],
      diagnostics: [
        diag(
          "SL503",
          { file: TESTS_FILE, line: 1 },
          "expected a list of {path, at?, status, location?} (and request facts, docs/routes.md)",
        ),
      ],
    };
  }
  const expectations: Expectation[] = [];
  const diagnostics: Diagnostic[] = [];
  rows.forEach((row: unknown, index: number) => {
    const line = located.lineOf([index]);
    const result = EXPECTATION_SCHEMA.safeParse(row);
    if (!result.success) {
      appendAll(
        diagnostics,
        issuesToDiagnostics(result.error, {
          file: TESTS_FILE,
          lineOf: (path) => located.lineOf([index, ...path]),
          raw: row,
          codes: { missing: "SL503", unknown: "SL503", invalid: "SL503" },
        }),
      );
      return;
    }
    const { path, status, at, location, domain, ...named } = result.data;
    const problem = namedFactsProblem(named);
    if (problem) {
      diagnostics.push(diag("SL503", { file: TESTS_FILE, line }, problem));
      return;
    }
    const e: Expectation = { path, status, file: TESTS_FILE, line };
    if (at !== undefined) e.at = at;
    if (location !== undefined) e.location = location;
    if (domain !== undefined) {
      const host = asciiHost(domain);
      if (host === null || !domains?.some((d) => d.host === host)) {
        diagnostics.push(
          diag(
            "SL503",
            { file: TESTS_FILE, line: located.lineOf([index, "domain"]) },
            `field "domain": ${JSON.stringify(domain)} is not a host of site.yaml domains`,
          ),
        );
        return;
      }
      if (host !== domains[0].host) e.domain = host;
    }
    expectations.push(Object.assign(e, named));
  });
  return { expectations, diagnostics };
}
