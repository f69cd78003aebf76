/**
 * The validated records as the rest of the build holds them: an owner or a tag repeats over
 * thousands of links, but every row's cell is its own copy of it, and a key equal to its slug is a
 * second copy of the slug. Each record is given one string per distinct value instead (equal
 * strings, so nothing a record says changes): at a million links about 100 MB less held through
 * the stats index and the registry (docs/performance.md, "Build memory").
 */
import type { LinkRecord } from "../../../runtime/contract/index.js";

/** Distinct values remembered: the repeated ones show up early; a table of unique ones stays small. */
const MAX_VALUES = 65_536;

export function shareRepeatedStrings(records: readonly LinkRecord[]): void {
  const values = new Map<string, string>();
  const shared = (value: string) => {
    const known = values.get(value);
    if (known !== undefined) return known;
    if (values.size < MAX_VALUES) values.set(value, value);
    return value;
  };
  for (const record of records) {
    if (record.key === record.slug) record.key = record.slug;
    if (record.owner !== undefined) record.owner = shared(record.owner);
    const tags = record.tags;
    if (tags) for (let i = 0; i < tags.length; i++) tags[i] = shared(tags[i]);
  }
}
