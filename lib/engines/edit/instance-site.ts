/** What the editor's verbs need of site.yaml before they touch a row: how slugs are matched. */
import { loadSite } from "../../stages/1-sources/site/load-site.js";
import type { Site } from "../../stages/1-sources/site/site-schema.js";
import { defaultsDirFor } from "../../shared/paths.js";
import type { Diagnostic } from "../../shared/diagnostics.js";

export async function instanceSite(
  root: string,
): Promise<{ caseSensitive: boolean; site: Site } | { problems: Diagnostic[] }> {
  const loaded = await loadSite(root, defaultsDirFor(root));
  if (!loaded.site) return { problems: loaded.diagnostics };
  return { caseSensitive: loaded.site.case_sensitive, site: loaded.site };
}
