/** A row as read from a source file, before validation. */
export interface RawRow {
  /** Source file relative to the instance root. */
  file: string;
  /** 1-based line where the row starts. */
  line: number;
  /** The parsed value (a mapping for well-formed rows). */
  value: unknown;
  /** 1-based line of each top-level field, and of nested fields as `parent.child`. */
  fieldLines: Record<string, number>;
}

/**
 * Where a reader hands its rows, each as soon as it is read, so a caller can check one and let
 * it go before the next is read (docs/performance.md, "Round seven: reading the sources").
 * `restart`: the rows handed so far are to be dropped, the text is read again from its start (a
 * fast reader left it to the library).
 */
export interface RowSink {
  row(row: RawRow): void;
  restart(): void;
}

/** A sink keeping every row in `rows`. */
export const rowsInto = (rows: RawRow[]): RowSink => ({
  row: (row) => void rows.push(row),
  restart: () => void rows.splice(0),
});
