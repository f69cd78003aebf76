/**
 * The index's page separators, front-coded: consecutive separators share most of their start, so
 * each is written as [characters shared with the previous one, the rest]. Every
 * STATS_SEPARATOR_RESTART-th is written whole (shares nothing), so a lookup decodes one short run
 * instead of the whole list: a binary search over the whole ones, then a walk within one run.
 */
import { STATS_SEPARATOR_RESTART as RESTART } from "../contract/index.js";

export type CodedSeparators = readonly (readonly [number, string])[];

export function encodeSeparators(separators: readonly string[]): [number, string][] {
  let previous = "";
  return separators.map((separator, i) => {
    let shared = 0;
    const max = i % RESTART === 0 ? 0 : Math.min(previous.length, separator.length);
    while (shared < max && previous[shared] === separator[shared]) shared++;
    previous = separator;
    return [shared, separator.slice(shared)];
  });
}

export class Separators {
  constructor(private readonly coded: CodedSeparators) {}

  get length(): number {
    return this.coded.length;
  }

  /** Separator `i`, decoded from the whole one that starts its run. */
  at(i: number): string {
    const start = i - (i % RESTART);
    let separator = this.coded[start][1];
    for (let j = start + 1; j <= i; j++)
      separator = separator.slice(0, this.coded[j][0]) + this.coded[j][1];
    return separator;
  }

  /** The last page whose separator sorts at or below `key` (page 0's is ""). */
  pageOf(key: string): number {
    const coded = this.coded;
    let lo = 0;
    let hi = Math.floor((coded.length - 1) / RESTART);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (coded[mid * RESTART][1] <= key) lo = mid;
      else hi = mid - 1;
    }
    let page = lo * RESTART;
    let separator = coded[page][1];
    for (let j = page + 1; j < coded.length && j < (lo + 1) * RESTART; j++) {
      separator = separator.slice(0, coded[j][0]) + coded[j][1];
      if (separator > key) break;
      page = j;
    }
    return page;
  }
}
