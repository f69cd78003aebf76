/**
 * Lists as long as the user's data. `list.push(...items)` and `Math.max(...items)` pass every
 * item as an argument, which overflows the stack past about 120,000 items (a large import's
 * diagnostics, a large instance's links): the lint rule in eslint.config.js refuses both in lib/.
 */

/** Appends the items of each of `lists` to `list`, in order, one at a time; returns `list`. */
export function appendAll<T>(list: T[], ...lists: Iterable<T>[]): T[] {
  for (const items of lists) for (const item of items) list.push(item);
  return list;
}
