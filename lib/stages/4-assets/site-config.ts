/** `/links-site-config.json`: what the runtime needs to know about the site. */
import { LOOKUP_ROUTES } from "../../../runtime/routes.js";
import {
  LANGUAGES,
  OPTIONAL_PAGES,
  SITE_CONFIG_SCHEMA,
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
}

export function buildSiteConfig(input: SiteConfigInput): SiteConfig {
  const { site } = input;
  const config: SiteConfig = {
    schema: SITE_CONFIG_SCHEMA,
    generator: input.generator,
    site_name: site.site_name,
    base_url: site.base_url,
    default_lang: site.default_lang,
    languages: [...LANGUAGES],
    case_sensitive: site.case_sensitive,
    default_status: site.default_status,
    redirect_max_age: site.redirect_max_age,
    code_host_api: site.code_host_api,
    routes: { lookup: { ...LOOKUP_ROUTES }, stats: "/<lang>/_stats/", tests: "/<lang>/_tests/" },
    pages: OPTIONAL_PAGES.filter((page) => site.pages[page] === "published"),
    static_paths: [...input.staticPaths].sort(),
    page_titles: input.pageTitles,
    header_rules: input.headerRules,
    mandatory_headers: input.mandatoryHeaders,
  };
  if (site.public_disclosure !== undefined) config.public_disclosure = site.public_disclosure;
  if (site.trailing_slash === "strict") config.trailing_slash = "strict";
  return config;
}
