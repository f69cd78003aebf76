/**
 * The splat remainder mode: links ending in `/*` only (splat links, placeholder links with a
 * splat), and `drop` only where there is no `:splat`.
 */
import { SPLAT_PLACEHOLDER } from "../../../runtime/targets/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import type { LinkKind } from "../../../runtime/contract/index.js";

export function checkRemainder(link: SourceLink, kind: LinkKind, splat: boolean): Diagnostic[] {
  if (link.remainder === undefined) return [];
  const at = { file: link.file, line: link.fieldLines.remainder ?? link.line };
  const subject = `link "${link.slug}"`;
  if (!splat)
    return [
      diag(
        "SL315",
        at,
        `${subject}: remainder applies to splat links only (${kind === "exact" ? "an exact link" : "a slug without /*"} has no remainder)`,
        "remove the remainder field, or end the slug with /* to make a splat link",
      ),
    ];
  if (link.remainder === "drop" && link.target.includes(SPLAT_PLACEHOLDER))
    return [
      diag(
        "SL315",
        at,
        `${subject}: remainder: drop contradicts ${SPLAT_PLACEHOLDER} in the target, which always receives the remainder`,
        `remove ${SPLAT_PLACEHOLDER} from the target, or remove remainder: drop`,
      ),
    ];
  return [];
}
