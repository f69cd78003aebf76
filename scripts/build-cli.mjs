// Bundles the TypeScript CLI into out/cli.js so bin/shortlinks.js runs on plain Node.
import { build } from "esbuild";

await build({
  entryPoints: ["lib/cli.ts"],
  outfile: "out/cli.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
