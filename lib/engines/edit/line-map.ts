/**
 * A refused edit is reported against the file as it is, not the edited text that was never
 * written: a line above the change keeps its number, a line below it moves back by the lines the
 * edit added or took away, and a line of the change itself is the edited row's first line.
 */
export function lineInFileAsItIs(
  before: string,
  after: string,
  rowLine: number,
): (line: number) => number {
  const old = before.split("\n");
  const edited = after.split("\n");
  if (old.length === edited.length) return (line) => line;
  let prefix = 0;
  while (prefix < old.length && prefix < edited.length && old[prefix] === edited[prefix]) prefix++;
  let suffix = 0;
  const most = Math.min(old.length, edited.length) - prefix;
  while (suffix < most && old[old.length - 1 - suffix] === edited[edited.length - 1 - suffix])
    suffix++;
  return (line) => {
    if (line <= prefix) return line;
    if (line > edited.length - suffix) return line - (edited.length - old.length);
    return rowLine;
  };
}
