/**
 * Reading one link source safely: only a regular file that lies inside the instance (a symbolic
 * link may point elsewhere in it, never outside), at most MAX_SOURCE_BYTES, and at most
 * MAX_ROWS_PER_FILE rows. A refused file is never read, so nothing of it reaches a message.
 */
import { stat } from "node:fs/promises";
import { readFileBytes, type FileBytes } from "../../../shared/fs/read-reused.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { inspectEntry } from "../instance-entry.js";
import { MAX_ROWS_PER_FILE, MAX_SOURCE_BYTES } from "./limits.js";
import { rowsInto, type RawRow, type RowSink } from "./raw-row.js";
import { eachCsvRow } from "./read-csv.js";
import { eachYamlRow, type ReadResult } from "./read-yaml.js";

export const isCsvSource = (file: string) => /\.csv$/i.test(file);

/** The file's text, or why it is refused (SL109, SL112). `file` is relative to the root. */
export async function readSourceText(
  root: string,
  file: string,
): Promise<{ text: string } | { problem: Diagnostic }> {
  const read = await readSourceBytes(root, file);
  if ("problem" in read) return read;
  try {
    return { text: decodeSource(read.bytes) };
  } finally {
    read.release();
  }
}

/**
 * A source's bytes, as readSourceText reads them: a review's cache keys on them (docs/cache.md).
 * They lie in a buffer the process keeps for its next read, theirs until released.
 */
export async function readSourceBytes(
  root: string,
  file: string,
): Promise<FileBytes | { problem: Diagnostic }> {
  const at = { file, line: 0 };
  const entry = await inspectEntry(root, file, "file");
  if ("missing" in entry)
    return { problem: diag("SL109", at, `${file} disappeared while it was read`) };
  if ("refused" in entry) return { problem: diag("SL109", at, `${file} ${entry.refused}`) };
  const real = entry.real;
  const info = await stat(real);
  if (info.size > MAX_SOURCE_BYTES)
    return {
      problem: diag(
        "SL112",
        at,
        `${file} is ${info.size} bytes; a link source may hold at most ${MAX_SOURCE_BYTES}`,
        "split it into several files (see docs/limits.md)",
      ),
    };
  return readFileBytes(real);
}

/** A source's text from its bytes (UTF-8; a malformed sequence reads as U+FFFD). */
export const decodeSource = (bytes: Buffer): string => bytes.toString("utf8");

/** Rows of a source's text by its extension, with SL111 instead of rows past the row limit. */
export function readSourceRows(text: string, file: string): ReadResult {
  const rows: RawRow[] = [];
  const read = eachSourceRow(text, file, rowsInto(rows));
  return { rows: read.tooMany ? [] : rows, diagnostics: read.diagnostics };
}

/**
 * Each row of a source to `sink` as it is read, by its extension; the diagnostics of reading it,
 * or SL111 alone past the row limit (`tooMany`: the rows handed are then to be dropped). The sink
 * gets no row past the limit.
 */
export function eachSourceRow(
  text: string,
  file: string,
  sink: RowSink,
): { diagnostics: Diagnostic[]; tooMany: boolean } {
  let count = 0;
  const known = sink.known?.bind(sink);
  const counted: RowSink = {
    row: (row, start, end) => {
      if (++count <= MAX_ROWS_PER_FILE) sink.row(row, start, end);
    },
    ...(known && {
      // A known row counts toward the limit as any other; past it, rows are only counted.
      known: (start: number, end: number, line: number) => {
        if (count >= MAX_ROWS_PER_FILE || !known(start, end, line)) return false;
        count++;
        return true;
      },
    }),
    restart: () => {
      count = 0;
      sink.restart();
    },
  };
  const diagnostics = isCsvSource(file)
    ? eachCsvRow(text, file, counted)
    : eachYamlRow(text, file, counted);
  if (count <= MAX_ROWS_PER_FILE) return { diagnostics, tooMany: false };
  return {
    tooMany: true,
    diagnostics: [
      diag(
        "SL111",
        { file, line: 0 },
        `${file} holds ${count} rows; a link source may hold at most ${MAX_ROWS_PER_FILE}`,
        "split it into several files (see docs/limits.md)",
      ),
    ],
  };
}
