/**
 * custom/acknowledgements.yaml: "yes, on purpose" for the rules that protect published links
 * (SL801 a removed link, SL802 a reused slug, SL803 a permanent redirect's new target), each with
 * a reason a reviewer reads. See docs/diff.md.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { parseSlug } from "../../2-validate/slugs.js";
import { parseLocated } from "../../../shared/yaml-lines.js";
import { issuesToDiagnostics } from "../../../shared/zod-issues.js";
import { appendAll } from "../../../shared/lists.js";
import { ACKNOWLEDGEMENTS_FILE } from "../../../shared/paths.js";

export const PROTECTION_RULES = ["SL801", "SL802", "SL803", "SL537"] as const;
export type ProtectionRule = (typeof PROTECTION_RULES)[number];

const ACKNOWLEDGEMENT_SCHEMA = z.strictObject({
  slug: z
    .string({ error: "expected the slug as text, for example docs or gh/*" })
    .refine((slug) => parseSlug(slug, true).ok, {
      error: "expected a slug: letters, digits, - _ . ~ and / between segments, /* for a splat",
    }),
  rules: z
    .array(z.enum(PROTECTION_RULES, { error: `expected ${PROTECTION_RULES.join(", ")}` }), {
      error: "expected a list of rule codes",
    })
    .min(1, { error: "expected a list of at least one rule code" }),
  reason: z
    .string({ error: "expected the reason, as text" })
    .trim()
    .min(1, { error: "expected the reason, as text" }),
});

export interface Acknowledgement {
  slug: string;
  rules: ProtectionRule[];
  reason: string;
  file: string;
  line: number;
}

export async function loadAcknowledgements(
  root: string,
): Promise<{ acknowledgements: Acknowledgement[]; diagnostics: Diagnostic[] }> {
  const file = ACKNOWLEDGEMENTS_FILE;
  let text: string;
  try {
    text = await readFile(join(root, file), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { acknowledgements: [], diagnostics: [] };
    throw error;
  }
  const located = parseLocated(text);
  if (located.errors.length > 0)
    return {
      acknowledgements: [],
      diagnostics: located.errors.map((e) =>
        diag("SL507", { file, line: e.line }, `cannot parse: ${e.message}`),
      ),
    };
  const rows = located.value ?? [];
  if (!Array.isArray(rows))
    return {
      acknowledgements: [],
      diagnostics: [diag("SL507", { file, line: 1 }, "expected a list of {slug, rules, reason}")],
    };
  const acknowledgements: Acknowledgement[] = [];
  const diagnostics: Diagnostic[] = [];
  rows.forEach((row: unknown, index: number) => {
    const result = ACKNOWLEDGEMENT_SCHEMA.safeParse(row);
    if (result.success) {
      acknowledgements.push({ ...result.data, file, line: located.lineOf([index]) });
      return;
    }
    appendAll(
      diagnostics,
      issuesToDiagnostics(result.error, {
        file,
        lineOf: (path) => located.lineOf([index, ...path]),
        raw: row,
        codes: { missing: "SL507", unknown: "SL507", invalid: "SL507" },
      }),
    );
  });
  return { acknowledgements, diagnostics };
}
