/** A one-line progress bar for a terminal: redrawn in place on stderr, cleared at the end. */

export function progressLine(done: number, total: number, width = 30): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} targets`;
}

export interface ProgressBar {
  update(done: number, total: number): void;
  clear(): void;
}

/** Draws only on a TTY; anywhere else (a pipe, a CI log) it writes nothing at all. */
export function progressBar(stream: {
  isTTY?: boolean;
  write(text: string): unknown;
}): ProgressBar | undefined {
  if (stream.isTTY !== true) return undefined;
  let drawn = false;
  return {
    update(done, total) {
      stream.write(`\r${progressLine(done, total)}`);
      drawn = true;
    },
    clear() {
      if (drawn) stream.write("\r\x1b[2K");
    },
  };
}
