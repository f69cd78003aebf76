/**
 * Synthetic instances for the benchmarks: N links with realistic slug shapes (mostly exact, about
 * 1% splat, a few paused/retired/scheduled rows), written as YAML (small sizes) or CSV (large
 * sizes: csv-parse reads 1M rows in seconds, one 1M-row YAML file would dominate the build), plus
 * the request paths every server is loaded with (hits, splat hits and misses over many slugs).
 * The "real" shape (`makeLinks(n, seed, { shape: "real" })`) is closer to a real table, for the
 * build and check benchmarks: a description and an owner on every row, 5% splats, 2% scheduled,
 * 1% retired. Deterministic: the same size, seed and shape always give the same files.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Sizes by name, as `--sizes` takes them. */
export const SIZES = { "1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000 };
/** Up to this many links a source file is YAML; above it, CSV. */
export const YAML_MAX_LINKS = 10_000;
const CSV_ROWS_PER_FILE = 100_000;
export const CSV_HEADER =
  "slug,target,status,state,schedule_label,schedule_start,schedule_end,forward_query,description,tags,owner";

// Words no reserved route, probe prefix or product path starts with.
const WORDS = [
  "docs",
  "blog",
  "team",
  "go",
  "news",
  "promo",
  "event",
  "hr",
  "sales",
  "eng",
  "wiki",
  "jobs",
  "help",
  "status",
  "release",
  "talk",
  "video",
  "pod",
  "report",
  "guide",
  "summit",
  "meet",
  "launch",
  "deal",
  "survey",
  "form",
  "press",
  "kb",
  "dev",
  "shop",
  "product",
  "cloud",
  "data",
  "ml",
  "design",
  "brand",
  "careers",
  "partner",
  "invest",
  "legal",
  "security",
  "community",
];
const TITLES = [
  "annual",
  "review",
  "kickoff",
  "handbook",
  "roadmap",
  "onboarding",
  "pricing",
  "webinar",
  "keynote",
  "offsite",
  "quarterly",
  "update",
  "launch",
  "demo",
  "recap",
  "faq",
  "manual",
  "spec",
];
const HOSTS = [
  "www.example.com",
  "docs.example.org",
  "shop.example.net",
  "github.com",
  "en.wikipedia.org",
  "news.example.com",
  "www.youtube.com",
  "calendar.example.org",
  "drive.example.net",
];
const OWNERS = ["ops", "marketing", "eng", "hr", "sales"];

/** mulberry32: a tiny seeded PRNG, so instances are reproducible. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const base36 = (rand, length) => {
  let out = "";
  for (let i = 0; i < length; i++)
    out += "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(rand() * 36)];
  return out;
};

/**
 * The `i`-th link. Every shape embeds `i` in base 36 so slugs are unique after case folding.
 * Returns { slug, key, kind, target, status?, state, schedule?, description?, tags?, owner? }.
 */
export function makeLink(i, rand) {
  const id = i.toString(36);
  const roll = rand();
  if (roll < 0.01) {
    // Splat: a namespace (depth 1 or 2) with a :splat target or an appended remainder.
    const key = rand() < 0.5 ? `${pick(rand, WORDS)}-${id}` : `${pick(rand, WORDS)}/ns-${id}`;
    const target =
      rand() < 0.5 ? `https://github.com/org-${id}/:splat` : `https://files.example.net/${id}/`;
    return { slug: `${key}/*`, key, kind: "splat", target, state: "active" };
  }
  let slug;
  if (roll < 0.3) slug = `${pick(rand, WORDS)}-${id}`;
  else if (roll < 0.55) slug = `k${id}${base36(rand, 3)}`;
  else if (roll < 0.8) slug = `${pick(rand, WORDS)}/${pick(rand, TITLES)}-${id}`;
  else slug = `${pick(rand, WORDS)}/${2015 + Math.floor(rand() * 11)}/${pick(rand, TITLES)}-${id}`;
  if (rand() < 0.05) slug = slug.replace(/^./, (c) => c.toUpperCase());
  const link = {
    slug,
    key: slug.toLowerCase(),
    kind: "exact",
    target: `https://${pick(rand, HOSTS)}/${pick(rand, TITLES)}/${id}`,
    state: "active",
  };
  const extra = rand();
  if (extra < 0.01) link.state = "paused";
  else if (extra < 0.015) link.state = "retired";
  else if (extra < 0.02)
    link.schedule = {
      label: `campaign-${id}`,
      start: "2020-01-01T00:00:00Z",
      end: "2099-01-01T00:00:00Z",
    };
  if (rand() < 0.1) link.status = 301;
  if (rand() < 0.3) {
    link.description = `${pick(rand, TITLES)} ${pick(rand, TITLES)} link`;
    link.tags = [pick(rand, WORDS), pick(rand, TITLES)];
    link.owner = pick(rand, OWNERS);
  }
  return link;
}

/** Link shapes by name: "bench" (the request benchmarks' mix, the default) and "real". */
export const SHAPES = { bench: makeLink, real: makeRealLink };

/** Every link of an instance of `size` links, of the given shape. */
export function makeLinks(size, seed = 1, { shape = "bench" } = {}) {
  const make = SHAPES[shape];
  if (!make) throw new Error(`unknown link shape ${shape}: ${Object.keys(SHAPES).join(", ")}`);
  const rand = prng(seed);
  return Array.from({ length: size }, (_, i) => make(i, rand));
}

const PURPOSES = ["slides", "recording", "sign-up form", "agenda", "notes", "landing page", "docs"];

/**
 * The `i`-th link of a table closer to a real one: 5% splats, 2% scheduled, 1% retired, and a
 * description (a few words, some with a comma, so CSV quotes them), tags and an owner on every row.
 */
export function makeRealLink(i, rand) {
  const link = makeLink(i, rand);
  const id = i.toString(36);
  const roll = rand();
  if (link.kind === "exact" && roll < 0.04) {
    // Up to 5% splats in all: makeLink made about 1%.
    const key = link.key.replace(/\/[^/]*$/, "") + `-files-${id}`;
    Object.assign(link, { slug: `${key}/*`, key, kind: "splat" });
    link.target = `https://files.example.net/${id}/:splat`;
    delete link.schedule;
    delete link.status;
    link.state = "active";
  }
  if (link.kind === "exact") {
    delete link.schedule;
    link.state = "active";
    const state = rand();
    if (state < 0.02)
      link.schedule = {
        label: `campaign-${id}`,
        start: "2020-01-01T00:00:00Z",
        end: "2099-01-01T00:00:00Z",
      };
    else if (state < 0.03) link.state = "retired";
  }
  const [title, word] = [pick(rand, TITLES), pick(rand, WORDS)];
  link.description =
    rand() < 0.1
      ? `${title} ${pick(rand, PURPOSES)}, ${word} team (${2015 + (i % 11)})`
      : `The ${word} ${title} ${pick(rand, PURPOSES)} for ${2015 + (i % 11)}`;
  link.tags = [word, title];
  link.owner = `${pick(rand, OWNERS)}-${word}`;
  return link;
}

/** Whether a request for this link answers with a redirect now (what every server is given). */
export const redirects = (link) => link.state === "active";

/** A request for `link`: its key, or for a splat its prefix and a remainder of 1-2 segments. */
function requestFor(link, rand) {
  if (link.kind === "exact") return { path: `/${link.key}`, location: link.target };
  const rest = rand() < 0.5 ? base36(rand, 6) : `${base36(rand, 4)}/${base36(rand, 5)}`;
  const location = link.target.includes(":splat")
    ? link.target.replace(":splat", rest)
    : link.target + rest;
  return { path: `/${link.key}/${rest}`, location };
}

/** A slug-shaped path that matches no link. */
const missFor = (rand) => ({
  path: `/${pick(rand, WORDS)}/miss-${base36(rand, 8)}`,
  location: null,
});

/**
 * `count` request paths: 70% exact hits, 10% splat hits (1-2 remainder segments), 20% misses
 * (slug-shaped paths that match nothing), each link drawn uniformly. Returns [{ path, location|null }].
 */
export function makeRequests(links, count, seed = 2) {
  const rand = prng(seed);
  const exact = links.filter((l) => l.kind === "exact" && redirects(l));
  const splat = links.filter((l) => l.kind === "splat");
  const requests = [];
  for (let i = 0; i < count; i++) {
    const roll = rand();
    if (roll < 0.7 || splat.length === 0) requests.push(requestFor(pick(rand, exact), rand));
    else if (roll < 0.8) requests.push(requestFor(pick(rand, splat), rand));
    else requests.push(missFor(rand));
  }
  return requests;
}

/**
 * A realistic stream of `count` requests: a share `misses` of slug-shaped misses, the rest drawn
 * from a Zipf distribution over every redirecting link (the link of popularity rank r is asked
 * with probability proportional to 1 / r^exponent; ranks are a seeded shuffle of the links, so
 * popular links are spread over the shards). Returns [{ path, location|null }].
 */
export function makeZipfRequests(links, count, { exponent = 1, misses = 0.1, seed = 3 } = {}) {
  const rand = prng(seed);
  const ranked = links.filter(redirects);
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j], ranked[i]];
  }
  const cumulative = new Float64Array(ranked.length);
  let total = 0;
  for (let r = 0; r < ranked.length; r++) cumulative[r] = total += 1 / (r + 1) ** exponent;
  const requests = [];
  for (let i = 0; i < count; i++) {
    if (rand() < misses) {
      requests.push(missFor(rand));
      continue;
    }
    const target = rand() * total;
    let lo = 0;
    let hi = ranked.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    requests.push(requestFor(ranked[lo], rand));
  }
  return requests;
}

/** Writes `root/custom/` (site.yaml and links) for `links`; returns the source file names. */
export async function writeInstance(root, links, { name }) {
  await rm(join(root, "custom"), { recursive: true, force: true });
  await mkdir(join(root, "custom/links"), { recursive: true });
  await writeFile(
    join(root, "custom/site.yaml"),
    `# Synthetic benchmark instance (${name}).\nsite_name: Bench ${name}\nbase_url: https://links.example.com\ndefault_lang: en\n`,
  );
  const files = [];
  if (links.length <= YAML_MAX_LINKS) {
    files.push("links.yaml");
    await writeFile(join(root, "custom/links/links.yaml"), links.map(yamlRow).join(""));
  } else {
    for (let start = 0, n = 0; start < links.length; start += CSV_ROWS_PER_FILE, n++) {
      const file = `links-${String(n).padStart(2, "0")}.csv`;
      const rows = links.slice(start, start + CSV_ROWS_PER_FILE).map(csvRow);
      await writeFile(join(root, "custom/links", file), [CSV_HEADER, ...rows, ""].join("\n"));
      files.push(file);
    }
  }
  return files;
}

const csvCell = (text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function yamlRow(link) {
  let out = `- slug: ${link.slug}\n  target: ${link.target}\n`;
  if (link.status) out += `  status: ${link.status}\n`;
  if (link.state !== "active") out += `  state: ${link.state}\n`;
  if (link.schedule)
    out += `  schedule: { label: ${link.schedule.label}, start: "${link.schedule.start}", end: "${link.schedule.end}" }\n`;
  if (link.description)
    out += `  description: ${JSON.stringify(link.description)}\n  tags: [${link.tags.join(", ")}]\n  owner: ${link.owner}\n`;
  return out;
}

function csvRow(link) {
  const s = link.schedule;
  return [
    link.slug,
    link.target,
    link.status ?? "",
    link.state === "active" ? "" : link.state,
    s?.label ?? "",
    s?.start ?? "",
    s?.end ?? "",
    "",
    csvCell(link.description ?? ""),
    link.tags?.join(";") ?? "",
    link.owner ?? "",
  ].join(",");
}
