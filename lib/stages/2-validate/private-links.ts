/**
 * The link side of private zones (docs/private-links.md): which zone a link lies in, its identity
 * allowance (SL534), public splats that stop at a zone (SL538), and where a target's `{user.*}`
 * placeholders may travel (SL535, SL536: userTargetProblem, for the link's own target and its
 * routes' alike).
 */
import type { AccessZone, LinkKind, UserAllowance } from "../../../runtime/contract/index.js";
import { zoneOfKey } from "../../../runtime/access/zones.js";
import {
  intranetTargets,
  listedTarget,
  parseAddress,
  userTemplateProblem,
} from "../../../runtime/targets/index.js";
import { diag, type Diagnostic, type Place } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";

export interface PrivateLink {
  zone?: AccessZone;
  allowUsers?: UserAllowance;
  diagnostics: Diagnostic[];
}

export function checkPrivateLink(
  link: SourceLink,
  parsed: { kind: LinkKind; key: string },
  zones: readonly AccessZone[],
): PrivateLink {
  const zone = zoneOfKey(parsed.key, zones);
  // Made only for a diagnostic, which most links have none of.
  const subject = () => `link ${JSON.stringify(link.slug)}`;
  const diagnostics: Diagnostic[] = [];
  const allowAt = { file: link.file, line: link.fieldLines.allow ?? link.line };

  const allowUsers = userAllowance(link, subject, allowAt, diagnostics);
  if (allowUsers && !zone)
    diagnostics.push(
      diag(
        "SL534",
        allowAt,
        `${subject()}: allow.emails and allow.email_domains only narrow a private link, and /${parsed.key} lies in no access zone (site.yaml access.zones)`,
        "move the link under a zone's prefix, or add a zone over it",
      ),
    );

  if (parsed.kind === "splat")
    for (const inner of zones) {
      const below = parsed.key === "" || inner.prefix.startsWith(parsed.key + "/");
      if (!below || inner === zone || inner.prefix === parsed.key) continue;
      diagnostics.push(
        diag(
          "SL538",
          { file: link.file, line: link.fieldLines.slug ?? link.line },
          `${subject()}: does not answer inside access zone "${inner.name}" (/${inner.prefix}); only that zone's own links do`,
          "if the zone needs these paths, add a splat link under its prefix",
        ),
      );
    }

  const result: PrivateLink = { diagnostics };
  if (zone) result.zone = zone;
  if (allowUsers && zone) result.allowUsers = allowUsers;
  return result;
}

/**
 * What is wrong with the `{user.*}` placeholders of a target of a link in `zone`, if anything: a
 * misplaced or unknown placeholder (SL535), or a host the zone does not list (SL536).
 */
export function userTargetProblem(
  target: string,
  zone: AccessZone,
  subject: string,
  at: Place,
): Diagnostic | undefined {
  const problem = userTemplateProblem(target);
  if (problem) return diag("SL535", at, `${subject}: ${problem}`);
  const host = hostOf(target);
  const listed =
    host !== undefined &&
    zone.allow_targets !== undefined &&
    listedTarget(host, parseAddress(host), intranetTargets(zone.allow_targets));
  if (listed) return undefined;
  return diag(
    "SL536",
    at,
    `${subject}: the target sends the person's e-mail to ${host ?? "its host"}, which zone "${zone.name}" does not list in allow_targets`,
    "an e-mail address leaves only for hosts the zone names: add the host to its allow_targets in site.yaml",
  );
}

/** `allow.emails` and `allow.email_domains`, lower-cased and checked; undefined when absent. */
function userAllowance(
  link: SourceLink,
  subject: () => string,
  at: { file: string; line: number },
  diagnostics: Diagnostic[],
): UserAllowance | undefined {
  const { emails, email_domains: domains } = link.allow ?? {};
  if (emails === undefined && domains === undefined) return undefined;
  const out: UserAllowance = {};
  const bad = (what: string, entry: string, why: string) =>
    diagnostics.push(
      diag("SL534", at, `${subject()}: allow.${what} entry ${JSON.stringify(entry)}: ${why}`),
    );
  if (emails) {
    out.emails = [];
    for (const email of emails) {
      const address = email.trim().toLowerCase();
      const sign = address.lastIndexOf("@");
      if (sign <= 0 || /\s/.test(address) || domainOf(address.slice(sign + 1)) === undefined)
        bad("emails", email, "expected an e-mail address such as alice@example.com");
      else out.emails.push(address);
    }
  }
  if (domains) {
    out.email_domains = [];
    for (const entry of domains) {
      const domain = domainOf(entry.trim().toLowerCase());
      if (domain === undefined)
        bad("email_domains", entry, "expected a domain such as example.com (without @)");
      else out.email_domains.push(domain);
    }
  }
  return out;
}

/**
 * A bare domain, as written (lower case): compared with the token's claim as the identity
 * provider sends it, so it is not converted to punycode. Undefined when it is no host name.
 */
function domainOf(text: string): string | undefined {
  if (text === "" || /[@/?#:\s\\[\]]/.test(text)) return undefined;
  try {
    return new URL(`http://${text}/`).hostname === "" ? undefined : text;
  } catch {
    return undefined;
  }
}

function hostOf(target: string): string | undefined {
  try {
    return new URL(target.replaceAll(/\{user\.[a-z]+\}/g, "x")).hostname;
  } catch {
    return undefined;
  }
}
