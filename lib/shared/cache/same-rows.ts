/**
 * Rows unchanged within a changed link source (docs/cache.md, "Rows unchanged within a changed
 * file"). A review's first side keeps, for each CSV source it reads as rows, the text and where
 * each link's row sits in it; the second side, reading that file's other version, takes the first
 * side's answer for a row written the same under the same header, on whatever line it now starts,
 * instead of checking and validating it again. A CSV row's answer is a function of its header, its
 * text, its file, its line and the rule context, and of nothing else: the rule context is part of
 * the key its answer is found by, and the line is set anew.
 */
import { perFileHandOver, type HandOverSide } from "./hand-over.js";
import type { CacheStore } from "./store.js";

/** A source read as rows: its text, and where each of its links' rows sits in it. */
export interface RowTexts {
  text: string;
  /** Where its first row starts: all before it (the header) must be the same to reuse any. */
  head: number;
  /** Each link's row as start and end in `text`, in the links' order (two numbers a link). */
  spans: Int32Array;
}

const handed = perFileHandOver<{ key: string; texts: RowTexts }>();

/**
 * From now until `stop`, the row texts of the CSV sources read as rows with `cache` are kept for
 * the next side; after `lastSide`, they are only taken.
 */
export const handRowTextsToNextSide = (cache: CacheStore): HandOverSide => handed.start(cache);

/** Keeps `file`'s row texts (read under its source `key`) for the next side, if one will read them. */
export const keepRowTexts = (cache: CacheStore, file: string, key: string, texts: RowTexts) =>
  handed.keep(cache, file, { key, texts });

/** The row texts the side before kept of `file` and the key it read them under, taken. */
export const earlierRowTexts = (cache: CacheStore, file: string) => handed.take(cache, file);

/** Where a file's rows sit, noted as they are read; texts only when every link's row had a place. */
export class RowSpans {
  private spans: number[] = [];
  private head = -1;
  private placed = true;

  /** Any row, a link or not, as it is read. */
  row(start: number | undefined): void {
    if (this.head < 0 && start !== undefined) this.head = start;
  }

  /** A row that became a link. */
  link(start: number | undefined, end: number | undefined): void {
    if (start === undefined || end === undefined) this.placed = false;
    else this.spans.push(start, end);
  }

  restart(): void {
    this.spans = [];
    this.head = -1;
    this.placed = true;
  }

  texts(text: string): RowTexts | undefined {
    if (!this.placed || this.head < 0) return undefined;
    return { text, head: this.head, spans: Int32Array.from(this.spans) };
  }
}

/**
 * How far ahead of the last row matched a row is looked for among the earlier rows: a row
 * removed, or several in a run, is stepped over; one moved farther is checked again.
 */
const LOOK_AHEAD = 64;

/**
 * For each row of `text`, in order, the index of the earlier link written the same (-1: none).
 * Rows are matched in order: each is looked for from just after the last one matched. Only a row
 * written exactly the same, under the same header, is ever matched.
 */
export function sameRowsIn(
  earlier: RowTexts,
  text: string,
): (start: number, end: number) => number {
  const { spans } = earlier;
  const count = spans.length / 2;
  let next = 0;
  let sameHead: boolean | undefined;
  return (start, end) => {
    sameHead ??= text.slice(0, start) === earlier.text.slice(0, earlier.head);
    if (!sameHead) return -1;
    const length = end - start;
    let row: string | undefined;
    for (let k = next; k < count && k < next + LOOK_AHEAD; k++) {
      if (spans[2 * k + 1] - spans[2 * k] !== length) continue;
      row ??= text.slice(start, end);
      if (!earlier.text.startsWith(row, spans[2 * k])) continue;
      next = k + 1;
      return k;
    }
    return -1;
  };
}
