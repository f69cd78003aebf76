/** Routes as the importers write them into a link row (docs/routes.md), and ANDing conditions. */

export type When = {
  device?: string[];
  os?: string[];
  browser?: string[];
  language?: string[];
  country?: string[];
  ip?: string[];
  query?: Record<string, string[] | boolean>;
  after?: string;
  before?: string;
};

export type ImportedRoute =
  { when: When; target: string } | { when?: When; split: { weight: number; target: string }[] };

/**
 * Adds `more` to `when` (both must hold). The same key twice can be said only for different query
 * parameters, or when it repeats the same values; otherwise the reason it cannot.
 */
export function addCondition(when: When, more: When): string | undefined {
  for (const [key, value] of Object.entries(more) as [keyof When, When[keyof When]][]) {
    const had = when[key];
    if (had === undefined) {
      (when as Record<string, unknown>)[key] = value;
      continue;
    }
    if (key === "query") {
      const query = had as NonNullable<When["query"]>;
      for (const [name, want] of Object.entries(value as NonNullable<When["query"]>)) {
        if (query[name] !== undefined && JSON.stringify(query[name]) !== JSON.stringify(want))
          return `two conditions on query parameter ${JSON.stringify(name)} must both hold, which one route cannot say`;
        query[name] = want;
      }
    } else if (JSON.stringify(had) !== JSON.stringify(value))
      return `two ${key} conditions must both hold, which one route cannot say`;
  }
  return undefined;
}
