/**
 * The link side of private zones (docs/private-links.md): which zone a link lies in, its identity
 * allowance (SL534), its `{user.*}` placeholders (SL535) and where they may travel (SL536), and
 * public splats that stop at a zone (SL538).
 */
import type { AccessZone, LinkKind, UserAllowance } from "../../../runtime/contract/index.js";
import { zoneOfKey } from "../../../runtime/access/zones.js";
import {
  hasUserPlaceholder,
  intranetTargets,
  listedTarget,
  parseAddress,
  userTemplateProblem,
} from "../../../runtime/targets/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
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
  const subject = `link ${JSON.stringify(link.slug)}`;
  const diagnostics: Diagnostic[] = [];
  const allowAt = { file: link.file, line: link.fieldLines.allow ?? link.line };
  const targetAt = { file: link.file, line: link.fieldLines.target ?? link.line };
  const outside = `/${parsed.key} lies in no access zone (site.yaml access.zones)`;

  const allowUsers = userAllowance(link, subject, allowAt, diagnostics);
  if (allowUsers && !zone)
    diagnostics.push(
      diag(
        "SL534",
        allowAt,
        `${subject}: allow.emails and allow.email_domains only narrow a private link, and ${outside}`,
        "move the link under a zone's prefix, or add a zone over it",
      ),
    );

  // Outside every zone, link-targets.ts refuses the placeholders (SL535) for every target.
  if (zone && hasUserPlaceholder(link.target)) {
    const problem = userTemplateProblem(link.target);
    if (problem) diagnostics.push(diag("SL535", targetAt, `${subject}: ${problem}`));
    else {
      const host = hostOf(link.target);
      const listed =
        host !== undefined &&
        zone.allow_targets !== undefined &&
        listedTarget(host, parseAddress(host), intranetTargets(zone.allow_targets));
      if (!listed)
        diagnostics.push(
          diag(
            "SL536",
            targetAt,
            `${subject}: the target sends the person's e-mail to ${host ?? "its host"}, which zone "${zone.name}" does not list in allow_targets`,
            "an e-mail address leaves only for hosts the zone names: add the host to its allow_targets in site.yaml",
          ),
        );
    }
  }

  if (parsed.kind === "splat")
    for (const inner of zones) {
      const below = parsed.key === "" || inner.prefix.startsWith(parsed.key + "/");
      if (!below || inner === zone || inner.prefix === parsed.key) continue;
      diagnostics.push(
        diag(
          "SL538",
          { file: link.file, line: link.fieldLines.slug ?? link.line },
          `${subject}: does not answer inside access zone "${inner.name}" (/${inner.prefix}); only that zone's own links do`,
          "if the zone needs these paths, add a splat link under its prefix",
        ),
      );
    }

  const result: PrivateLink = { diagnostics };
  if (zone) result.zone = zone;
  if (allowUsers && zone) result.allowUsers = allowUsers;
  return result;
}

/** `allow.emails` and `allow.email_domains`, lower-cased and checked; undefined when absent. */
function userAllowance(
  link: SourceLink,
  subject: string,
  at: { file: string; line: number },
  diagnostics: Diagnostic[],
): UserAllowance | undefined {
  const { emails, email_domains: domains } = link.allow ?? {};
  if (emails === undefined && domains === undefined) return undefined;
  const out: UserAllowance = {};
  const bad = (what: string, entry: string, why: string) =>
    diagnostics.push(
      diag("SL534", at, `${subject}: allow.${what} entry ${JSON.stringify(entry)}: ${why}`),
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
