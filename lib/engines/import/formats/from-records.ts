/** Records of an export -> rows, each record that cannot be one reported at its line (SL851). */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import type { ImportedRow, ParsedImport } from "../types.js";

export function fromRecords<R extends { line: number; problem?: string }>(
  file: string,
  records: readonly R[],
  toRow: (record: R) => ImportedRow | string,
): ParsedImport {
  const rows: ImportedRow[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const record of records) {
    const result = record.problem ?? toRow(record);
    if (typeof result === "string")
      diagnostics.push(diag("SL851", { file, line: record.line }, `not imported: ${result}`));
    else rows.push(result);
  }
  return { rows, diagnostics };
}
