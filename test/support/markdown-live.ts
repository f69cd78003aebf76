/**
 * What a Markdown renderer would treat as markup in a line: the line with every code span
 * (CommonMark: a backtick run closed by the next run of the same length) and every escaped
 * pipe removed. User text outside code spans shows up here; inside one it cannot be live.
 */
export function liveText(line: string): string {
  let out = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] === "\\" && i + 1 < line.length) {
      out += line[i + 1] === "|" ? "" : line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (line[i] !== "`") {
      out += line[i++];
      continue;
    }
    let n = 0;
    while (line[i + n] === "`") n++;
    const close = closingRun(line, i + n, n);
    if (close < 0) {
      out += "`".repeat(n);
      i += n;
    } else i = close + n;
  }
  return out;
}

/** Where the next backtick run of exactly `n` starts at or after `from`; -1 when none. */
function closingRun(line: string, from: number, n: number): number {
  for (let j = from; j < line.length;) {
    if (line[j] !== "`") {
      j++;
      continue;
    }
    let m = 0;
    while (line[j + m] === "`") m++;
    if (m === n) return j;
    j += m;
  }
  return -1;
}

/** Cell boundaries of a GFM table row: pipes not right after a backslash (GFM's `\|`). */
export function cellPipes(row: string): number {
  let count = 0;
  for (let i = 0; i < row.length; i++) if (row[i] === "|" && row[i - 1] !== "\\") count++;
  return count;
}
