/**
 * `dist/access.json` (docs/private-links.md, "Setting up a zone"): what to protect with Cloudflare
 * Access for each private zone. It sits beside the worker, outside assets/, so it is never served;
 * it is written only when site.yaml has zones.
 */
import type { AccessZone } from "../../../runtime/contract/index.js";
export const ACCESS_MANIFEST_SCHEMA = "shortlinks.access/1";

export interface AccessManifest {
  schema: typeof ACCESS_MANIFEST_SCHEMA;
  /** The short-link host, from base_url. */
  host: string;
  zones: {
    name: string;
    /** The Access application's AUD tag: the worker accepts tokens for it only. */
    aud: string;
    /** The application's two paths: the prefix itself and everything below it. */
    paths: [string, string];
    /** The same as Access destinations (public hostname and path), for the API or Terraform. */
    destinations: [string, string];
  }[];
}

export function accessManifest(baseUrl: string, zones: readonly AccessZone[]): AccessManifest {
  const host = new URL(baseUrl).host;
  return {
    schema: ACCESS_MANIFEST_SCHEMA,
    host,
    zones: [...zones]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((zone) => {
        const path = "/" + zone.prefix;
        return {
          name: zone.name,
          aud: zone.aud,
          paths: [path, path + "/*"],
          destinations: [host + path, host + path + "/*"],
        };
      }),
  };
}
