/**
 * What a link's own rules read besides the link: the target policy, the instance's hosts, its
 * public static paths (product files, custom/public, robots.txt), its private zones and the public
 * files' bytes. Made once the files other than the link sources are loaded; a review's cache
 * keys each source's validated rows on it (docs/cache.md), before that source is read.
 */
import type { Site } from "./1-sources/site/site-schema.js";
import type { LoadedSite } from "./1-sources/site/load-site.js";
import type { Domain } from "./1-sources/site/domains.js";
import type { LoadedCustomFiles } from "./1-sources/custom/custom-files.js";
import type { RenderedPages } from "./4-assets/pages/render-pages.js";
import { checkAccessZones } from "./2-validate/access-zones.js";
import { domainTargetProblems } from "./2-validate/domains.js";
import { staticKeys } from "./2-validate/validate-links.js";
import { buildDay, securityTxtFile } from "./4-assets/security-txt.js";
import { PAGES_DIR } from "../../runtime/routes.js";
import type { AccessZone, Blocklist } from "../../runtime/contract/index.js";
import type { Diagnostic } from "../shared/diagnostics.js";
import { contextKey } from "../shared/cache/validated.js";

export interface RuleContext {
  blocklist: Blocklist;
  /** site.yaml's hosts, their targets checked (absent when it lists none). */
  domains?: Domain[];
  /** The product's files, security.txt among them when the site makes one. */
  productFiles: RenderedPages["files"];
  staticPaths: string[];
  zones: AccessZone[];
  /** custom/public's files by public path: what a card's local image is measured from. */
  publicFiles: Map<string, LoadedCustomFiles["files"][number]["content"]>;
  diagnostics: Diagnostic[];
}

export function ruleContext(
  site: Site,
  loadedSite: LoadedSite,
  blocklist: Blocklist,
  custom: LoadedCustomFiles,
  pages: RenderedPages,
): RuleContext {
  const checkedDomains = domainTargetProblems(loadedSite.domains, blocklist);
  const securityTxt = securityTxtFile(
    site,
    custom.files.map((f) => f.path),
    buildDay(),
  );
  const productFiles = securityTxt.file ? [...pages.files, securityTxt.file] : pages.files;
  const productStatic = productFiles
    .filter((f) => !f.path.startsWith(PAGES_DIR))
    .map((f) => f.path);
  const staticPaths = [...productStatic, ...custom.files.map((f) => f.path), "/robots.txt"];
  const zones = checkAccessZones({
    zones: site.access?.zones ?? [],
    lineOf: loadedSite.lineOf,
    staticKeys: staticKeys(staticPaths),
  });
  return {
    blocklist,
    ...(checkedDomains.domains ? { domains: checkedDomains.domains } : {}),
    productFiles,
    staticPaths,
    zones: zones.zones,
    publicFiles: new Map(custom.files.map((f) => [f.path, f.content])),
    diagnostics: [...checkedDomains.diagnostics, ...securityTxt.diagnostics, ...zones.diagnostics],
  };
}

/** The key of a rule context, for the cache of validated rows. */
export const ruleContextKey = (site: Site, rules: RuleContext) =>
  contextKey({
    site,
    policy: rules.blocklist,
    staticPaths: rules.staticPaths,
    zones: rules.zones,
    domains: rules.domains,
    publicFiles: rules.publicFiles,
  });
