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
  /** A row; `start` and `end`: where it sits in the text, when its reader knows (plain CSV). */
  row(row: RawRow, start?: number, end?: number): void;
  restart(): void;
  /**
   * Whether the sink already has the row written from `start` to `end` (starting on `line`): a
   * row of a review's other side with the same text (docs/cache.md). The reader then makes
   * nothing of it. Asked only by a reader that knows where its rows sit.
   */
  known?(start: number, end: number, line: number): boolean;
}

/** A sink keeping every row in `rows`. */
export const rowsInto = (rows: RawRow[]): RowSink => ({
  row: (row) => void rows.push(row),
  restart: () => void rows.splice(0),
});
