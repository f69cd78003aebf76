/** The sites the page-rendering tests render with. */
import { join } from "node:path";
import { packageRoot } from "../../lib/shared/paths.js";

export const DEFAULTS = join(packageRoot(), "defaults");

/** Every page published, so every template renders. */
export const PAGES_SITE = {
  site_name: "Go <Links> & Co",
  base_url: "https://go.example.org",
  default_lang: "en" as const,
  contacts: {
    security: ["mailto:security@go.example.org"],
    abuse: ["mailto:abuse@go.example.org?subject=Report"],
    privacy: ["https://example.org/privacy"],
  },
  pages: {
    home: "published",
    privacy: "published",
    terms: "published",
    abuse: "published",
    security: "published",
  } as const,
};
