/**
 * What the editor's verbs need of site.yaml before they touch a row: how slugs are matched, and
 * the hosts a link may be on (docs/domains.md).
 */
import { loadSite } from "../../stages/1-sources/site/load-site.js";
import type { Site } from "../../stages/1-sources/site/site-schema.js";
import { defaultsDirFor } from "../../shared/paths.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { instanceHosts, type InstanceHosts } from "./link-hosts.js";

export async function instanceSite(
  root: string,
): Promise<
  { caseSensitive: boolean; site: Site; hosts: InstanceHosts } | { problems: Diagnostic[] }
> {
  const loaded = await loadSite(root, defaultsDirFor(root));
  if (!loaded.site) return { problems: loaded.diagnostics };
  const hosts = instanceHosts(loaded.site.base_url, loaded.domains);
  return { caseSensitive: loaded.site.case_sensitive, site: loaded.site, hosts };
}
