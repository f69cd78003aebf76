/**
 * A vanityURLs target as its build completes it (normalizeTarget): a target without `http://` or
 * `https://` gets `https://` in front (`chatgpt.com` -> `https://chatgpt.com`); one that starts
 * with `//` is kept, and refused later as a relative target, as vanityURLs refuses it.
 */
export function completeTarget(value: string): string {
  const target = value.trim();
  if (target.startsWith("//") || /^https?:\/\//i.test(target)) return target;
  return `https://${target}`;
}
