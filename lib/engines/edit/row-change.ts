/** What an editor's verb does to the rows of one link source. */
export type RowChange =
  /** Give fields of the row at `index` new values, and remove the `unset` ones. */
  | { kind: "set"; index: number; set: Record<string, unknown>; unset: readonly string[] }
  | { kind: "remove"; index: number }
  /** A new row right after the row at `index` (`mv --keep-old`). */
  | { kind: "insert-after"; index: number; row: Record<string, unknown> }
  /** Several changes to the same file, applied to its rows in order. */
  | { kind: "all"; changes: readonly RowChange[] };

/** The rows as they must read back once `change` is written. */
export function changedRows(rows: readonly unknown[], change: RowChange): unknown[] {
  const out = [...rows];
  const apply = (c: RowChange) => {
    if (c.kind === "all") return c.changes.forEach(apply);
    if (c.kind === "remove") return void out.splice(c.index, 1);
    if (c.kind === "insert-after") return void out.splice(c.index + 1, 0, c.row);
    const row: Record<string, unknown> = { ...(out[c.index] as Record<string, unknown>), ...c.set };
    for (const field of c.unset) delete row[field];
    out[c.index] = row;
  };
  apply(change);
  return out;
}
