/**
 * Where each link answers (docs/domains.md): `domain: HOST` or `domains: [...]` places it on
 * listed hosts, no field on the default host. A host site.yaml does not list is SL524; both
 * fields, a host named twice, or an alias host (whose links are its target's) is SL525. A
 * domain's root and not_found pass the target rules like a link's target (SL523).
 */
import { checkTarget, type TargetPolicy } from "../../../runtime/targets/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import { asciiHost, hostOfUrl, type Domain } from "../1-sources/site/domains.js";
import { SITE_FILE } from "../../shared/paths.js";

export type Placement = { hosts: string[] } | { diagnostics: Diagnostic[] };

/**
 * The hosts `link` answers on (ASCII), the default host's record carrying no `domain`. Without
 * `domains` in site.yaml, a link may still name base_url's own host.
 */
export function placeLink(
  link: SourceLink,
  domains: readonly Domain[] | undefined,
  baseUrl: string,
): Placement {
  const at = {
    file: link.file,
    line: link.fieldLines.domain ?? link.fieldLines.domains ?? link.line,
  };
  const subject = `link ${JSON.stringify(link.slug)}`;
  const listed = domains ?? [];
  const defaultHost = listed[0]?.host ?? hostOfUrl(baseUrl);
  if (link.domain !== undefined && link.domains !== undefined)
    return {
      diagnostics: [
        diag("SL525", at, `${subject}: names both domain and domains`, "keep one of them"),
      ],
    };
  const written = link.domains ?? (link.domain === undefined ? [] : [link.domain]);
  if (written.length === 0) return { hosts: [defaultHost] };
  const hosts: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of written) {
    const host = asciiHost(name);
    const entry = listed.find((d) => d.host === host);
    if (host === null || (host !== defaultHost && entry === undefined)) {
      diagnostics.push(
        diag(
          "SL524",
          at,
          `${subject}: ${JSON.stringify(name)} is not a host of this instance (${listed.length > 0 ? listed.map((d) => d.host).join(", ") : defaultHost})`,
          domains
            ? "list it under domains in custom/site.yaml"
            : "list the instance's hosts under domains in custom/site.yaml",
        ),
      );
      continue;
    }
    if (entry?.alias_of !== undefined) {
      diagnostics.push(
        diag(
          "SL525",
          at,
          `${subject}: ${host} is an alias of ${entry.alias_of}, which answers with ${entry.alias_of}'s links`,
          `place the link on ${entry.alias_of}`,
        ),
      );
      continue;
    }
    if (hosts.includes(host)) {
      diagnostics.push(diag("SL525", at, `${subject}: names ${host} twice`));
      continue;
    }
    hosts.push(host);
  }
  return diagnostics.length > 0 ? { diagnostics } : { hosts };
}

/** SL523: each root and not_found URL, against the target rules, as a link's target would be. */
export function domainTargetProblems(
  domains: readonly Domain[] | undefined,
  policy: TargetPolicy,
): { domains?: Domain[]; diagnostics: Diagnostic[] } {
  if (domains === undefined) return { diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const checked = domains.map((domain) => {
    const next = { ...domain };
    for (const field of ["root", "not_found"] as const) {
      const url = domain[field];
      if (url === undefined) continue;
      const verdict = checkTarget(url, policy);
      if (verdict.ok) next[field] = verdict.url;
      else
        diagnostics.push(
          diag(
            "SL523",
            { file: SITE_FILE, line: domain.fieldLines[field] ?? domain.line },
            `domains: ${domain.host}: ${field} ${JSON.stringify(url)} is refused by ${verdict.message}`,
            "point it at an https URL that a link could have as its target",
          ),
        );
    }
    return next;
  });
  return { domains: checked, diagnostics };
}
