/** A list as a person reads it: `301, 302, 307 or 308`. */
export function oneOf(items: readonly (string | number)[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
