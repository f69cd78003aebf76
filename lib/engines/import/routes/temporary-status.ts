/**
 * A link with routes may not be 301 or 308 (SL372: a browser would keep one answer for good).
 * Imported into a site whose `default_status` is permanent, such a row gets `status: 302`, the
 * status Shlink and Dub answer it with, and says so (SL379), instead of being refused.
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { PERMANENT_STATUSES, type RedirectStatus } from "../../../../runtime/contract/index.js";
import type { ImportedRow } from "../types.js";

export function temporaryRouted(
  rows: readonly ImportedRow[],
  defaultStatus: RedirectStatus,
  file: string,
): Diagnostic[] {
  if (!PERMANENT_STATUSES.includes(defaultStatus)) return [];
  const notes: Diagnostic[] = [];
  for (const { row, line } of rows)
    if (Array.isArray(row.routes) && row.routes.length > 0 && row.status === undefined) {
      row.status = 302;
      notes.push(
        diag(
          "SL379",
          { file, line },
          `link ${JSON.stringify(row.slug)} has routes, so it is written with status: 302 (the site's default_status is ${defaultStatus}, which a link with routes cannot use)`,
        ),
      );
    }
  return notes;
}
