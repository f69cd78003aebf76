/**
 * A CSV row's `routes` cell: the routes as one YAML flow list (JSON is one too), such as
 * `[{when: {country: FR}, target: "https://example.com/fr"}]`, quoted as CSV quotes a cell with
 * commas. docs/routes.md, "In a CSV file".
 */
import { parse } from "yaml";
import { diag, type Diagnostic, type Place } from "../../../shared/diagnostics.js";

export type RoutesCell = { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic };

/** The cell's value, or SL375 when it is not a flow list; undefined for an empty cell. */
export function parseRoutesCell(cell: string | undefined, at: Place): RoutesCell | undefined {
  if (cell === undefined) return undefined;
  const hint =
    'write the routes as one flow list, such as [{when: {country: FR}, target: "https://example.com/fr"}], and quote the cell';
  if (!cell.startsWith("["))
    return {
      ok: false,
      diagnostic: diag(
        "SL375",
        at,
        "routes: the cell does not hold a list (it starts with no [)",
        hint,
      ),
    };
  try {
    return { ok: true, value: parse(cell, { uniqueKeys: true }) as unknown };
  } catch (error) {
    const message = (error instanceof Error ? error.message.split("\n")[0] : String(error)).replace(
      /:$/,
      "",
    );
    return {
      ok: false,
      diagnostic: diag("SL375", at, `routes: cannot read the cell: ${message}`, hint),
    };
  }
}
