/**
 * The rule context of a test's validated rows (lib/shared/cache/validated.ts): only site.yaml
 * given, everything else a row's rules read left empty.
 */
import { contextKey } from "../../lib/shared/cache/validated.js";

export const siteContext = (site: unknown) => async () =>
  contextKey({
    site,
    policy: {},
    staticPaths: [],
    zones: [],
    domains: undefined,
    publicFiles: new Map(),
  });
