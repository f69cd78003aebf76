// The comparison baseline: a minimal Map-lookup redirect worker. It parses the whole JSON map of
// every link once per isolate (as a naive worker would; split in files under the 25 MiB asset
// limit), then answers with Map lookups only:
// no normalisation beyond lower-casing, no policy, no pages, no headers, no analytics.
// With SAME_HEADERS (the benchmark's second variant) it also sends the response headers our
// bundle sends on a redirect (map.json `headers`), to separate their cost from our logic's.
const SAME_HEADERS = false;
let loading;

const read = (env, name) =>
  env.ASSETS.fetch(`https://assets.invalid/${name}`).then((response) => response.json());

function load(env) {
  loading ??= read(env, "map.json").then(async (index) => {
    const exact = new Map();
    for (let part = 0; part < index.parts; part++)
      for (const [key, target] of Object.entries(await read(env, `map-${part}.json`)))
        exact.set(key, target);
    const headers = SAME_HEADERS ? index.headers : {};
    return { exact, splat: new Map(Object.entries(index.splat)), depths: index.depths, headers };
  });
  return loading;
}

export default {
  async fetch(request, env) {
    const links = await load(env);
    const key = new URL(request.url).pathname.slice(1).replace(/\/$/, "").toLowerCase();
    let target = links.exact.get(key);
    if (target === undefined) {
      const segments = key.split("/");
      for (const depth of links.depths) {
        if (depth > segments.length) continue;
        const prefix = links.splat.get(segments.slice(0, depth).join("/"));
        if (prefix === undefined) continue;
        const rest = segments.slice(depth).map(encodeURIComponent).join("/");
        target = prefix.includes(":splat") ? prefix.replace(":splat", rest) : prefix + rest;
        break;
      }
    }
    if (target === undefined)
      return new Response("Not found\n", { status: 404, headers: links.headers });
    return new Response(null, { status: 302, headers: { ...links.headers, location: target } });
  },
};
