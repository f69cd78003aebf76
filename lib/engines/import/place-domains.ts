/**
 * An export's links into an instance that lists its hosts (docs/domains.md): each link keeps its
 * short domain. A link on a listed host is placed there (the default host's without a `domain`
 * field); a link of the export's default domain (an empty domain, as Shlink writes it, or the one
 * `--default-domain` names) goes to the instance's default host; a link of a host the instance
 * does not list is not imported (SL851), so no link silently changes host.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { asciiHost, type Domain } from "../../stages/1-sources/site/domains.js";
import type { ImportedRow } from "./types.js";

export function placeDomains(input: {
  rows: ImportedRow[];
  domains: readonly Domain[];
  /** The export's domain that stands for the instance's default host. */
  defaultDomain?: string;
  file: string;
  diagnostics: Diagnostic[];
}): ImportedRow[] {
  const { domains, file } = input;
  const defaultHost = domains[0].host;
  const exportDefault = input.defaultDomain && asciiHost(input.defaultDomain);
  const owners = new Map(domains.map((d) => [d.host, d.alias_of ?? d.host]));
  return input.rows.filter((r) => {
    if (r.domain === undefined || r.domain.trim() === "") return true;
    const written = asciiHost(r.domain.replace(/:\d+$/, ""));
    const host = written === exportDefault ? defaultHost : written && owners.get(written);
    if (!host) {
      input.diagnostics.push(
        diag(
          "SL851",
          { file, line: r.line },
          `not imported: a link of ${r.domain}, which custom/site.yaml does not list under domains`,
          "list the host under domains, or pass --default-domain HOST if it is the export's default domain",
        ),
      );
      return false;
    }
    if (host !== defaultHost) r.row.domain = host;
    return true;
  });
}
