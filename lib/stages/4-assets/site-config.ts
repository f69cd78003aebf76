/**
 * `/links-site-config.json`: what the runtime needs to know about the site. Its routes and
 * languages are the runtime's own constants (runtime/routes.ts), and what the pages and headers
 * need of site.yaml is compiled into them, so neither is repeated here; `generator` and
 * `code_host_api` record what the header rules were compiled by and with.
 */
import {
  OPTIONAL_PAGES,
  SITE_CONFIG_SCHEMA,
  type AccessZone,
  type DomainEntry,
  type HeaderRule,
  type SiteConfig,
} from "../../../runtime/contract/index.js";
import type { Site } from "../1-sources/site/site-schema.js";

export interface SiteConfigInput {
  site: Site;
  generator: string;
  staticPaths: string[];
  /** Asset path -> the page's own <title>, for pageview events. */
  pageTitles: Record<string, string>;
  headerRules: HeaderRule[];
  /** The mandatory controls' values (lib/stages/4-assets/headers/check-overrides.ts, mandatoryReferences). */
  mandatoryHeaders: Record<string, string>;
  /** Private zones, checked (lib/stages/2-validate/access-zones.ts); written only when there are some. */
  zones?: readonly AccessZone[];
  /** The hosts, when site.yaml lists them (lib/stages/3-registry/host-groups.ts, domainEntries). */
  domains?: DomainEntry[];
}

export function buildSiteConfig(input: SiteConfigInput): SiteConfig {
  const { site } = input;
  const config: SiteConfig = {
    schema: SITE_CONFIG_SCHEMA,
    generator: input.generator,
    base_url: site.base_url,
    default_lang: site.default_lang,
    case_sensitive: site.case_sensitive,
    redirect_max_age: site.redirect_max_age,
    code_host_api: site.code_host_api,
    pages: OPTIONAL_PAGES.filter((page) => site.pages[page] === "published"),
    static_paths: [...input.staticPaths].sort(),
    page_titles: input.pageTitles,
    header_rules: input.headerRules,
    mandatory_headers: input.mandatoryHeaders,
  };
  if (site.trailing_slash === "strict") config.trailing_slash = "strict";
  if (input.zones && input.zones.length > 0) config.access_zones = [...input.zones];
  if (input.domains !== undefined) config.domains = input.domains;
  return config;
}
