/**
 * A retired link may name its successor: the slug that replaces it, which the retired page links
 * to (docs/editing.md#retire). The successor must be an exact link of the instance that a visitor
 * can reach: not the link itself, not a splat or placeholder link (whose slug is no address), and
 * not a disabled or draft link, whose existence the instance never reveals (SL130).
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { parseSlug } from "./slugs.js";

const HIDDEN = new Set(["disabled", "draft"]);
const shown = (slug: string) => JSON.stringify(slug.length > 60 ? slug.slice(0, 57) + "..." : slug);

export function checkSuccessors(
  links: readonly LinkRecord[],
  fieldLines: ReadonlyMap<LinkRecord, number>,
  caseSensitive: boolean,
): Diagnostic[] {
  // A successor lives on the retired link's own host (docs/domains.md).
  const hostKey = (domain: string | undefined, key: string) => `${domain ?? ""}\n${key}`;
  // No successor named: no table of every exact link to build.
  if (!links.some((link) => link.successor !== undefined)) return [];
  const exact = new Map<string, LinkRecord>();
  for (const link of links)
    if (link.kind === "exact") exact.set(hostKey(link.domain, link.key), link);
  const problems: Diagnostic[] = [];
  for (const link of links) {
    if (link.successor === undefined) continue;
    const at = { file: link.file, line: fieldLines.get(link) ?? link.line };
    const refuse = (why: string, hint: string) =>
      problems.push(
        diag(
          "SL130",
          at,
          `link ${shown(link.slug)}: successor ${shown(link.successor ?? "")} ${why}`,
          hint,
        ),
      );
    if (link.state !== "retired") {
      refuse(
        `is set, but the link is ${link.state}: only a retired link's page shows a successor`,
        `retire it (shortlinks retire ${link.slug} --successor ${link.successor}), or remove the successor`,
      );
      continue;
    }
    const parsed = parseSlug(link.successor, caseSensitive);
    if (!parsed.ok || parsed.kind !== "exact") {
      refuse(
        parsed.ok
          ? `is a ${parsed.kind} link, which has no address of its own`
          : `is not a slug: ${parsed.reason}`,
        "name an exact link of this instance",
      );
      continue;
    }
    const next = exact.get(hostKey(link.domain, parsed.key));
    if (next === link) refuse("is the link itself", "name the link that replaces it");
    else if (!next) refuse("is no link of this instance", "add that link first, or fix the slug");
    else if (HIDDEN.has(next.state))
      refuse(
        `is ${next.state} (${next.file}:${next.line}): the retired page would reveal a link that answers like an unknown slug`,
        "make the successor active first, or name another one",
      );
  }
  return problems;
}
