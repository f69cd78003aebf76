/**
 * A link table's records read without csv-parse, for the plain CSV nearly every table is: line
 * feeds only, each cell either unquoted without a quote in it or quoted whole (`""` for a quote)
 * and followed by a comma, a line feed or the end. Anything else (a carriage return, a stray or
 * unclosed quote, text after a closing quote, a lone surrogate) gives undefined and csv-parse
 * reads the text, so every error and every unusual file is read exactly as before. A property
 * test pins the records and their lines to csv-parse's (docs/performance.md, "Build time").
 */
/** One CSV record and the line it starts on (csv-records.ts gives csv-parse's in this shape too). */
export interface CsvLine {
  cells: string[];
  /** The line the record starts on (a quoted cell may span several). */
  line: number;
  /** The record as written, without its line ending. */
  text: string;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;

/** How many line feeds `text` holds. */
function lineFeeds(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** No lone surrogate: csv-parse reads the text's UTF-8 bytes, where one becomes U+FFFD. */
const isWellFormed = (text: string) =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** The records of `text` with the line each starts on (text left empty), or undefined. */
export function plainCsvRecords(text: string): CsvLine[] | undefined {
  const records: CsvLine[] = [];
  const plain = eachPlainCsvRecord(text, (cells, line) => records.push({ cells, line, text: "" }));
  return plain ? records : undefined;
}

/**
 * Each record of `text` to `each` as it is read, with the line it starts on and where it sits in
 * the text (`start` to `end`, its line feed not included); false when the text is not plain (the
 * records handed so far are then to be dropped, and csv-parse reads it).
 */
export function eachPlainCsvRecord(
  text: string,
  each: (cells: string[], line: number, start: number, end: number) => void,
): boolean {
  if (text.includes("\r") || !isWellFormed(text)) return false;
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (pos < end) {
    if (text.charCodeAt(pos) === LF) {
      // An empty line is no record (skip_empty_lines).
      line++;
      pos++;
      continue;
    }
    const start = line;
    const from = pos;
    let to = end;
    const cells: string[] = [];
    for (;;) {
      if (text.charCodeAt(pos) === QUOTE) {
        let value = "";
        let from = pos + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) return false;
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += text.slice(from, close + 1);
            from = close + 2;
            continue;
          }
          value += text.slice(from, close);
          pos = close + 1;
          break;
        }
        line += lineFeeds(value);
        cells.push(value);
        if (pos >= end) break;
        const next = text.charCodeAt(pos);
        pos++;
        if (next === COMMA) continue;
        if (next === LF) {
          to = pos - 1;
          line++;
          break;
        }
        return false;
      }
      let stop = pos;
      let code = 0;
      for (; stop < end; stop++) {
        code = text.charCodeAt(stop);
        if (code === COMMA || code === LF) break;
        if (code === QUOTE) return false;
      }
      cells.push(text.slice(pos, stop));
      pos = stop + 1;
      if (stop >= end) break;
      if (code === COMMA) continue;
      to = stop;
      line++;
      break;
    }
    each(cells, start, from, to);
  }
  return true;
}
