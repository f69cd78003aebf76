/**
 * A change to the rows of one link source, proven before anything is written: the new text is
 * read back with the build's own readers and must hold exactly the rows the change asks for (the
 * other rows untouched, in order). If it does not, the edit is refused with SL132 and the file
 * stays as it was.
 */
import { isDeepStrictEqual } from "node:util";
import { diag, hasErrors, isError, type Diagnostic } from "../../shared/diagnostics.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { isCsvSource, readSourceRows } from "../../stages/1-sources/links/source-file.js";
import { editCsvRows } from "./csv-edit.js";
import { changedRows, type RowChange } from "./row-change.js";
import { editYamlRows } from "./yaml-edit.js";

export type EditResult = { text: string; rows: RawRow[] } | { problem: Diagnostic };

export function editRows(file: string, text: string, change: RowChange): EditResult {
  const old = readSourceRows(text, file);
  const unreadable = old.diagnostics.find(isError);
  if (unreadable) return { problem: unreadable };
  const refuse = (why: string) => ({
    problem: diag(
      "SL132",
      { file, line: 0 },
      `cannot write the change to ${file}: ${why}; the file was left as it was`,
      "edit the row by hand",
    ),
  });
  const edited = isCsvSource(file)
    ? editCsvRows(text, change)
    : editYamlRows(text, old.rows, change);
  if ("problem" in edited) return refuse(edited.problem);
  const now = readSourceRows(edited.text, file);
  if (hasErrors(now.diagnostics)) return refuse("the result would not parse");
  const expected = changedRows(
    old.rows.map((r) => r.value),
    change,
  );
  if (
    !isDeepStrictEqual(
      now.rows.map((r) => r.value),
      expected,
    )
  )
    return refuse("the format cannot carry the change as given");
  return { text: edited.text, rows: now.rows };
}
