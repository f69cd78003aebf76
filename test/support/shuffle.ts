/**
 * Shuffles `list` in place, Fisher-Yates, with the swap partners drawn from `draws` (numbers a
 * property test generated), so that a failing order shrinks and replays like any other input.
 */
export function shuffleBy<T>(list: T[], draws: readonly number[]): void {
  for (let i = list.length - 1; i > 0; i--) {
    const k = draws[i % draws.length] % (i + 1);
    [list[i], list[k]] = [list[k], list[i]];
  }
}
