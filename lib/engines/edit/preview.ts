/**
 * What an edit changes, as a person reads it before it is written (`--dry-run`): the lines of the
 * file that differ, `-` before and `+` after, under the file and the line where they start. Every
 * edit of one run touches one stretch of one file, so the lines between the first and the last
 * difference are the change.
 */
export function previewLines(file: string, before: string, after: string): string[] {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  if (removed.length === 0 && added.length === 0) return [];
  return [
    `${file}:${head + 1}`,
    ...removed.map((line) => `- ${line}`),
    ...added.map((line) => `+ ${line}`),
  ];
}
