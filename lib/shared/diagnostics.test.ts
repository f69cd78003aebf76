import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demote, diag, errorsIn, hasErrors } from "./diagnostics.js";
import { DIAGNOSTIC_CODES, type DiagnosticCode } from "./diagnostic-codes.js";

const REPO = join(import.meta.dirname, "..", "..");
const CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

interface DocRow {
  /** `docs/<page>.md#<section>` */
  section: string;
  code: string;
  severity?: string;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .replace(/ /g, "-");
}

const CELL_CODES = /^(SL\d{3})(?:\s*[–-]\s*(SL\d{3}))?$/;

/** Every code a docs table lists, with the section it sits in. A range `SL201–SL212` lists each. */
function docRows(): DocRow[] {
  const rows: DocRow[] = [];
  for (const name of readdirSync(join(REPO, "docs")).filter((n) => n.endsWith(".md"))) {
    let section = `docs/${name}`;
    for (const line of readFileSync(join(REPO, "docs", name), "utf8").split("\n")) {
      const heading = /^#{1,6} (.+)$/.exec(line);
      if (heading) section = `docs/${name}#${anchorOf(heading[1])}`;
      if (!line.startsWith("|")) continue;
      const cells = line.split("|").map((c) => c.trim());
      const severity = cells.find((c) => c === "error" || c === "warning" || c === "info");
      for (const cell of cells) {
        const range = CELL_CODES.exec(cell);
        if (!range) continue;
        const first = Number(range[1].slice(2));
        const last = range[2] ? Number(range[2].slice(2)) : first;
        for (let n = first; n <= last; n++) rows.push({ section, code: `SL${n}`, severity });
      }
    }
  }
  return rows;
}

const ROWS = docRows();

describe("the diagnostics registry", () => {
  it.each(CODES)("%s is listed in the docs section its entry names", (code) => {
    const { docs } = DIAGNOSTIC_CODES[code];
    const here = ROWS.filter((r) => r.code === code && r.section === docs);
    expect(here, `${code} has no row in a table under ${docs}`).not.toHaveLength(0);
  });

  it.each([...new Set(ROWS.map((r) => r.code))])("%s listed in the docs is registered", (code) => {
    expect(CODES).toContain(code);
  });

  it.each(ROWS.filter((r) => r.severity !== undefined && r.code in DIAGNOSTIC_CODES))(
    "$code in $section has the registry's severity",
    (row) => {
      expect(row.severity).toBe(DIAGNOSTIC_CODES[row.code as DiagnosticCode].severity);
    },
  );

  it("every entry has a title, a stage and a docs page that exists", () => {
    for (const code of CODES) {
      const entry = DIAGNOSTIC_CODES[code];
      expect(entry.title, code).not.toBe("");
      expect(entry.stage, code).not.toBe("");
      const page = entry.docs.split("#")[0];
      expect(readdirSync(join(REPO, "docs")).map((n) => `docs/${n}`)).toContain(page);
    }
  });

  it("diag takes the severity from the registry; demote makes an accepted error a warning", () => {
    const at = { file: "custom/public/_headers", line: 3 };
    const error = diag("SL402", at, "drops HSTS");
    const warning = diag("SL403", at, "too many rules");
    expect([error.severity, warning.severity]).toEqual(["error", "warning"]);
    expect(hasErrors([warning])).toBe(false);
    expect(hasErrors([warning, error])).toBe(true);
    expect(errorsIn([warning, error])).toEqual([error]);
    expect(demote(error)).toEqual({ ...error, severity: "warning" });
  });
});
