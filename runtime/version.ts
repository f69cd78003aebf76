declare const __SHORTLINKS_VERSION__: string | undefined;

/** Injected by the bundler (esbuild `define`); "dev" when the source runs unbundled in tests. */
export const VERSION: string =
  typeof __SHORTLINKS_VERSION__ === "string" ? __SHORTLINKS_VERSION__ : "dev";
export const GENERATOR = `shortlinks/${VERSION}`;
