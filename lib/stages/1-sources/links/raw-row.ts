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
