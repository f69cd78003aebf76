// Bundles the TypeScript CLI into out/cli.js so bin/shortlinks.js runs on plain Node. No source
// map: it was 58% of the package, and the bundle is not minified (each module opens with a
// `// lib/...` line), so a stack trace's line reads as the source it came from.
import { rmSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["lib/cli.ts"],
  outfile: "out/cli.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: false,
  logLevel: "warning",
});
// A map an older build left would still be packed.
rmSync("out/cli.js.map", { force: true });
