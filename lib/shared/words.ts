/** A list as a person reads it: `301, 302, 307 or 308`. */
export function oneOf(items: readonly (string | number)[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** A list as a person reads it, every item at once: `go.example.com and old.example.net`. */
export function allOf(items: readonly (string | number)[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
