#!/usr/bin/env node
// npm run bench:routes [-- --rounds 5 --seconds 4 --base-cli OLD/bin/shortlinks.js --node-only]
// What ten routes cost a request (BENCHMARKS.md "Routes"): two builds of one link, the same but
// for ten routes that all fail (so each is evaluated and the link's own target answers), both
// with a schedule so neither answer is remembered between requests; interleaved in workerd with
// bench/compare.mjs under the CPU profiler, requests carrying a browser's User-Agent and
// Accept-Language; then both bundles under Node in one process (bench/routes-node.mjs), process CPU
// per request, interleaved. With --base-cli (the CLI of a commit before routes, built with
// `npm run build:cli`), the link without routes is also built by that CLI and both bundles answer
// the same load in workerd, interleaved: what routes cost the links that do not use them. Needs
// `wrk` (apt-get install -y wrk). Not part of npm test. Writes bench/results/routes-node.json and,
// with --base-cli and workerd, routes-ab.json (the figures the goals table judges), the section and
// the goals table.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runInfo, writeResult } from "../bench/results.mjs";
import { updateGoals } from "./bench-goals.mjs";
import { runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = resolve(import.meta.dirname, "..");
const WORK = join(REPO, "bench/.work/routes");
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "4" },
    "node-only": { type: "boolean", default: false },
    "base-cli": { type: "string" },
  },
});
const loadAtStart = loadavg()[0];

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
const builds = [
  ["plain", LINK, "bin/shortlinks.js"],
  ["routes", LINK + TEN_ROUTES, "bin/shortlinks.js"],
];
if (values["base-cli"]) builds.push(["base", LINK, values["base-cli"]]);
for (const [name, links, cli] of builds) {
  const root = join(WORK, name);
  mkdirSync(join(root, "custom/links"), { recursive: true });
  writeFileSync(
    join(root, "custom/site.yaml"),
    "site_name: Bench\nbase_url: https://go.example.org\n",
  );
  writeFileSync(join(root, "custom/links/links.yaml"), links);
  execFileSync(process.execPath, [resolve(REPO, cli), "build", "--root", root], {
    stdio: "inherit",
  });
}
// compare.mjs reads the paths of its "size" folder; a query per path, so no two requests share a URL.
const paths = Array.from({ length: 1000 }, (_, i) => `/r10?n=${i}`).join("\n") + "\n";
writeFileSync(join(WORK, "paths-hot.txt"), paths);
execFileSync(process.execPath, [join(REPO, "bench/routes-node.mjs"), WORK], { stdio: "inherit" });

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/** bench/compare.mjs on the hot load, a against b; its medians. */
function compare(a, b, json, extra = []) {
  execFileSync(
    process.execPath,
    [
      join(REPO, "bench/compare.mjs"),
      ...["--size", "routes", "--load", "hot", "--json", json, ...extra],
      ...["--a", join(WORK, a, "dist"), "--b", join(WORK, b, "dist")],
      ...["--rounds", values.rounds, "--seconds", values.seconds],
      ...["--header", `User-Agent: ${BROWSER}`, "--header", "Accept-Language: en-US,en;q=0.9"],
    ],
    { stdio: "inherit" },
  );
  return JSON.parse(readFileSync(json, "utf8"));
}
const workerd = values["node-only"]
  ? undefined
  : compare("routes", "plain", join(WORK, "workerd.json"), ["--profile"]);
const ab =
  values["node-only"] || !values["base-cli"]
    ? undefined
    : compare("plain", "base", join(WORK, "ab.json"));

const node = JSON.parse(readFileSync(join(WORK, "node.json"), "utf8"));
const us = (n) => `${n.toFixed(1)} µs`;
const rows = [
  `| ten routes that fail, extra CPU per request: bundles under Node, median difference of a round's pair (${node.rounds} rounds of ${node.perRound}) | ${us(node.paired)} (${us(node.routes)} against ${us(node.plain)}) | ≤ 10 µs |`,
];
if (workerd)
  rows.push(
    `| ten routes in workerd (hot load, ${workerd.rounds} rounds): isolate's own CPU per request, profiler-sampled | ${us(workerd.a.ownUs)} against ${us(workerd.b.ownUs)}; whole workerd ${us(workerd.a.cpuUsPerRequest)} against ${us(workerd.b.cpuUsPerRequest)} | (sampled: read the Node row) |`,
  );
if (ab)
  rows.push(
    `| a link without routes against the base CLI's bundle (\`--base-cli\`), workerd, hot load, ${ab.rounds} rounds interleaved | throughput ${ab.throughput.toFixed(2)}x (${Math.round(ab.a.rps)} against ${Math.round(ab.b.rps)} req/s), CPU per request ${ab.cpuPerRequest.toFixed(2)}x | throughput ≥ 0.97x |`,
  );
const flags = [
  values["node-only"] ? "--node-only" : `--rounds ${values.rounds} --seconds ${values.seconds}`,
  values["base-cli"] ? `--base-cli ${values["base-cli"]}` : "",
]
  .filter(Boolean)
  .join(" ");
const run = runInfo(`npm run bench:routes -- ${flags}`, loadAtStart);
writeResult("routes-node", run, node);
if (ab) writeResult("routes-ab", run, ab);
const busy = loadAtStart >= 2 ? " (busy: read the pair difference)" : "";
writeBenchmarksSection(
  "routes",
  [
    runLine(`npm run bench:routes -- ${flags}`, loadAtStart).replace(/\.$/, `${busy}.`),
    "",
    "| measure | figure | goal |",
    "|---|---|---:|",
    ...rows,
  ].join("\n"),
);
updateGoals();
