/**
 * One more row in a link source's text, proven before anything is written: the new text is read
 * back with the build's own readers and must hold exactly the old rows plus the new one. If it
 * does not (a shape the writer got wrong, a value the format cannot carry), the caller refuses
 * with SL122 and the file stays byte-identical.
 */
import { isDeepStrictEqual } from "node:util";
import { diag, hasErrors, isError, type Diagnostic } from "../../shared/diagnostics.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { isCsvSource, readSourceRows } from "../../stages/1-sources/links/source-file.js";
import { appendCsvRow } from "./append-csv.js";
import { appendYamlRow } from "./append-yaml.js";

export type AppendResult = { text: string; row: RawRow } | { problem: Diagnostic };

export function appendRow(file: string, text: string, row: Record<string, unknown>): AppendResult {
  const old = readSourceRows(text, file);
  const unreadable = old.diagnostics.find(isError);
  if (unreadable) return { problem: unreadable };
  const refuse = (why: string) => ({
    problem: diag(
      "SL122",
      { file, line: 0 },
      `cannot add the row to ${file}: ${why}; the file was left as it was`,
      "choose another source with --file, or add the row by hand",
    ),
  });
  const appended = isCsvSource(file) ? appendCsvRow(text, row) : appendYamlRow(text, row);
  if ("problem" in appended) return refuse(appended.problem);
  const now = readSourceRows(appended.text, file);
  if (hasErrors(now.diagnostics)) return refuse("the result would not parse");
  const values = now.rows.map((r) => r.value);
  const expected = [...old.rows.map((r) => r.value), row];
  if (!isDeepStrictEqual(values, expected)) {
    if (!isDeepStrictEqual(values.slice(0, -1), expected.slice(0, -1)))
      return refuse("the result would change the rows already there");
    const field = changedField(values.at(-1), row) ?? "?";
    return refuse(`the format cannot carry field "${field}" as given`);
  }
  return { text: appended.text, row: now.rows[now.rows.length - 1] };
}

/** The first field of `wanted` that reads back differently, if the last row is the culprit. */
function changedField(read: unknown, wanted: Record<string, unknown>): string | undefined {
  if (read === null || typeof read !== "object") return undefined;
  const got = read as Record<string, unknown>;
  const keys = new Set([...Object.keys(wanted), ...Object.keys(got)]);
  return [...keys].find((k) => !isDeepStrictEqual(got[k], wanted[k]));
}
