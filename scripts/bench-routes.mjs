#!/usr/bin/env node
// npm run bench:routes [-- --rounds 5 --seconds 4]
// What ten routes cost a request (BENCHMARKS.md "Routes"): two builds of one link, the same but
// for ten routes that all fail (so each is evaluated and the link's own target answers), both
// with a schedule so neither answer is remembered between requests; interleaved in workerd with
// bench/compare.mjs under the CPU profiler, requests carrying a browser's User-Agent and
// Accept-Language; then both bundles under Node in one process (bench/routes-node.mjs), process CPU
// per request, interleaved. Needs `wrk` (apt-get install -y wrk). Not part of npm test.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const REPO = resolve(import.meta.dirname, "..");
const WORK = join(REPO, "bench/.work/routes");
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "4" },
    "node-only": { type: "boolean", default: false },
  },
});

const LINK = `- slug: r10
  target: https://example.com/default
  status: 302
  schedule: { label: always, start: "2000-01-01T00:00:00Z" }
`;
const TEN_ROUTES = `  routes:
    - when: { country: [FR, BE, LU] }
      target: https://example.com/1
    - when: { continent: OC }
      target: https://example.com/2
    - when: { device: [ios, ipados] }
      target: https://example.com/3
    - when: { language: [fr, de] }
      target: https://example.com/4
    - when: { query: { ref: newsletter } }
      target: https://example.com/5
    - when: { os: android, browser: samsung }
      target: https://example.com/6
    - when: { bot: preview }
      target: https://example.com/7
    - when: { ip: [192.0.2.0/24, "2001:db8::/32"] }
      target: https://example.com/8
    - when: { time: { tz: Europe/Paris, from: "00:00", to: "24:00" }, after: "2100-01-01T00:00:00Z" }
      target: https://example.com/9
    - when: { not: { asn: [13335] }, before: "2000-01-01T00:00:00Z" }
      target: https://example.com/10
`;

rmSync(WORK, { recursive: true, force: true });
for (const [name, links] of [
  ["plain", LINK],
  ["routes", LINK + TEN_ROUTES],
]) {
  const root = join(WORK, name);
  mkdirSync(join(root, "custom/links"), { recursive: true });
  writeFileSync(
    join(root, "custom/site.yaml"),
    "site_name: Bench\nbase_url: https://go.example.org\n",
  );
  writeFileSync(join(root, "custom/links/links.yaml"), links);
  execFileSync(process.execPath, [join(REPO, "bin/shortlinks.js"), "build", "--root", root], {
    stdio: "inherit",
  });
}
// compare.mjs reads the paths of its "size" folder; a query per path, so no two requests share a URL.
const paths = Array.from({ length: 1000 }, (_, i) => `/r10?n=${i}`).join("\n") + "\n";
writeFileSync(join(WORK, "paths-hot.txt"), paths);
execFileSync(process.execPath, [join(REPO, "bench/routes-node.mjs"), WORK], { stdio: "inherit" });
if (values["node-only"]) process.exit(0);
execFileSync(
  process.execPath,
  [
    join(REPO, "bench/compare.mjs"),
    ...["--size", "routes", "--load", "hot", "--profile"],
    ...["--a", join(WORK, "routes/dist"), "--b", join(WORK, "plain/dist")],
    ...["--rounds", values.rounds, "--seconds", values.seconds],
    ...[
      "--header",
      "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    ],
    ...["--header", "Accept-Language: en-US,en;q=0.9"],
  ],
  { stdio: "inherit" },
);
