/**
 * The index's page separators, front-coded: consecutive separators share most of their start, so
 * each is written as [characters shared with the previous one, the rest]. Encoded by the
 * compiler, decoded once per isolate by the runtime.
 */

export function encodeSeparators(separators: readonly string[]): [number, string][] {
  let previous = "";
  return separators.map((separator) => {
    let shared = 0;
    const max = Math.min(previous.length, separator.length);
    while (shared < max && previous[shared] === separator[shared]) shared++;
    previous = separator;
    return [shared, separator.slice(shared)];
  });
}

export function decodeSeparators(coded: readonly (readonly [number, string])[]): string[] {
  let previous = "";
  return coded.map(([shared, rest]) => (previous = previous.slice(0, shared) + rest));
}
