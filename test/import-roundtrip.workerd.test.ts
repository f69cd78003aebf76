/**
 * Round trip: a `_redirects` file of every documented form (test/import/cloudflare-reference.ts)
 * is imported, built and served in workerd, and every reference path is asked. Each answer is
 * Cloudflare's documented answer, or the importer said why not on the line concerned: the line
 * Cloudflare uses was not imported (an error names it), or the line shortlinks uses carries a
 * note that it answers differently (SL853, SL854).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, REFERENCE_CASES, ROUNDTRIP_REDIRECTS } from "./import/cloudflare-reference.js";
import { roundTrip, type RoundTrip } from "./import/roundtrip.js";
import { NETLIFY_CASES, NETLIFY_ORIGIN, NETLIFY_REDIRECTS } from "./import/netlify-reference.js";

let trip: RoundTrip;

beforeAll(async () => {
  trip = await roundTrip({ instance: "instance", redirects: ROUNDTRIP_REDIRECTS, origin: ORIGIN });
}, 120_000);

afterAll(async () => {
  await trip?.dispose();
});

describe("round trip: documented _redirects forms, imported and served in workerd", () => {
  const results: { path: string; same: boolean }[] = [];

  it.each(REFERENCE_CASES.map((c) => [c.path, c] as const))("%s", async (_path, c) => {
    const served = await trip.serve(c.path);
    const reference =
      c.line === null
        ? { status: 404, location: undefined }
        : { status: c.status, location: c.location && new URL(c.location).href };
    const same = served.status === reference.status && served.location === reference.location;
    results.push({ path: c.path, same });
    if (same) return;
    expect(
      await trip.explained(c.path, c.line),
      `${c.path} (${c.doc}): Cloudflare ${JSON.stringify(reference)}, shortlinks ${JSON.stringify(served)}, and the importer said nothing`,
    ).toBe(true);
  });

  it("most documented answers are the same, not only explained", () => {
    expect(results).toHaveLength(REFERENCE_CASES.length);
    expect(results.filter((r) => r.same).length).toBeGreaterThanOrEqual(MOST_SAME);
  });
});

/**
 * Every case but the folding ones (letter case, trailing slash, /blog of /blog/*), the platform's
 * 200, 303 and the /trailing loop, and the two where the source's order decided (/blog/pinned,
 * /blog/docs/x): each of those is explained by the importer.
 */
const MOST_SAME = REFERENCE_CASES.length - 8;

describe("round trip: documented Netlify forms, imported with --flavour netlify", () => {
  let netlify: RoundTrip;
  beforeAll(async () => {
    netlify = await roundTrip({
      instance: "instance",
      redirects: NETLIFY_REDIRECTS,
      origin: NETLIFY_ORIGIN,
      flavour: "netlify",
    });
  }, 120_000);
  afterAll(async () => {
    await netlify?.dispose();
  });

  it.each(NETLIFY_CASES.map((c) => [c.path, c] as const))("%s", async (_path, c) => {
    expect(await netlify.serve(c.path)).toEqual({ status: c.status, location: c.location });
  });
});
