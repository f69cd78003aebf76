// Bundles the TypeScript CLI into out/cli.js so bin/shortlinks.js runs on plain Node. No source
// map: it was 58% of the package, and the bundle is not minified (each module opens with a
// `// lib/...` line), so a stack trace's line reads as the source it came from.
//
// The packages go into the bundle too: Node resolving and loading each of their files (zod and
// yaml are hundreds) was two thirds of every command's start (docs/performance.md, "The CLI's
// packages in its bundle"). Two stay outside: esbuild, whose native binary is found from its own
// package, and miniflare, which only `serve` and `analytics test` import, on demand.
//
// The runtime's bundles (the worker, the pages' shared browser modules) are made here too, into
// out/prebuilt/, by lib/prebuild.ts: out/cli.js reads them instead of starting esbuild on every
// build and check (lib/stages/5-bundle/prebuilt.ts).
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const bundle = (entry, outfile, prebuilt) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["esbuild", "miniflare"],
    // Bundled CommonJS packages (commander, csv-parse) call require() for Node's own modules.
    banner: {
      js: 'import { createRequire as createRequireOfCli } from "node:module";\nconst require = createRequireOfCli(import.meta.url);',
    },
    define: { __SHORTLINKS_PREBUILT__: String(prebuilt) },
    sourcemap: false,
    logLevel: "warning",
  });

// The old bundles go first: were this build to fail half way, out/cli.js would find none and
// bundle with esbuild rather than read bundles older than itself.
rmSync("out/prebuilt", { recursive: true, force: true });
await bundle("lib/cli.ts", "out/cli.js", true);
// A map an older build left would still be packed.
rmSync("out/cli.js.map", { force: true });
const prebuild = resolve(`out/.prebuild-${process.pid}.mjs`);
try {
  await bundle("lib/prebuild.ts", prebuild, false);
  await (await import(pathToFileURL(prebuild).href)).prebuild();
} finally {
  rmSync(prebuild, { force: true });
}
