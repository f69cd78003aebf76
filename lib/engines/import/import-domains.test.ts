/**
 * Importing into an instance that lists its hosts (docs/domains.md): each format, from an export
 * of the product's documented shape (fixtures/import/<format>/SOURCE.md) with links on two
 * domains, keeps each link's domain. Shlink writes its default domain as an empty `domain`;
 * Dub and Bitly name a domain on every link, so `--default-domain` says which one is the
 * instance's default host. YOURLS and Sink exports name no domain (each runs on one): their
 * links land on the default host.
 */
import { mkdtemp, readFile, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { importLinks } from "./import-links.js";
import type { ImportFormat } from "./types.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/import");
const SITE = `site_name: Imports
base_url: https://go.example.org
domains:
  - go.example.org
  - old.example.org
`;

async function importInto(format: ImportFormat, name: string, text: string, extra = {}) {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-import-domains-"));
  await mkdir(join(root, "custom/links"), { recursive: true });
  await writeFile(join(root, "custom/site.yaml"), SITE);
  await writeFile(join(root, name), text);
  const result = await importLinks({ root, format, input: join(root, name), ...extra });
  const written = result.written ? await readFile(join(root, result.written), "utf8") : "[]";
  const rows = parse(written) as { slug: string; target: string; domain?: string }[];
  return { result, placed: rows.map((r) => [r.domain ?? "(default)", r.slug, r.target]) };
}

describe("import keeps each link's domain", () => {
  it("shlink: the empty domain is the default host; the same code on two domains is two links", async () => {
    const csv = [
      "createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits",
      "2024-02-03T10:15:00+00:00,,docs,https://go.example.org/docs,https://docs.example.com/start,Documentation,docs|public,1203",
      "2024-02-04T08:00:00+00:00,old.example.org,docs,https://old.example.org/docs,https://legacy.example.com/docs,,,88",
      "2024-02-05T08:00:00+00:00,elsewhere.example.net,promo,https://elsewhere.example.net/promo,https://example.com/promo,,,1",
    ].join("\n");
    const { result, placed } = await importInto("shlink", "short_urls.csv", csv);
    expect(placed).toEqual([
      ["(default)", "docs", "https://docs.example.com/start"],
      ["old.example.org", "docs", "https://legacy.example.com/docs"],
    ]);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL851", 4]]);
  });

  it("dub: --default-domain maps dub.sh to the default host; a branded domain keeps its links", async () => {
    const csv = [
      "Short link,Destination URL,Title,Tags,Clicks,Created at",
      "https://dub.sh/launch,https://example.com/launch,Launch page,marketing,310,2024-05-01T09:00:00.000Z",
      "https://old.example.org/launch,https://example.com/old-launch,,,52,2024-05-02T09:00:00.000Z",
    ].join("\n");
    const { result, placed } = await importInto("dub", "links.csv", csv, {
      defaultDomain: "dub.sh",
    });
    expect(placed).toEqual([
      ["(default)", "launch", "https://example.com/launch"],
      ["old.example.org", "launch", "https://example.com/old-launch"],
    ]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("dub: without --default-domain, a domain the instance does not list is not imported (SL851)", async () => {
    const csv = [
      "Short link,Destination URL,Title,Tags,Clicks,Created at",
      "https://dub.sh/launch,https://example.com/launch,,,1,2024-05-01T09:00:00.000Z",
      "https://go.example.org/kept,https://example.com/kept,,,1,2024-05-01T09:00:00.000Z",
    ].join("\n");
    const { result, placed } = await importInto("dub", "links.csv", csv);
    expect(placed).toEqual([["(default)", "kept", "https://example.com/kept"]]);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL851", 2]]);
  });

  it("bitly: bit.ly links and a custom domain's back-halves each on their host", async () => {
    const csv = [
      "link,long_url,title,created_at,tags,custom_bitlinks",
      "https://bit.ly/3KdX9pQ,https://example.com/spring-sale,Spring sale,2024-03-01T10:00:00+0000,sales,https://old.example.org/spring-sale",
    ].join("\n");
    const { placed } = await importInto("bitly", "bitlinks.csv", csv, { defaultDomain: "bit.ly" });
    expect(placed).toEqual([
      ["(default)", "3KdX9pQ", "https://example.com/spring-sale"],
      ["old.example.org", "spring-sale", "https://example.com/spring-sale"],
    ]);
  });

  it.each([
    ["yourls", "yourls/yourls_url.csv"],
    ["sink", "sink/links.json"],
  ] as const)(
    "%s: an export that names no domain lands on the default host",
    async (format, path) => {
      const text = await readFile(join(FIXTURES, path), "utf8");
      const { placed } = await importInto(format, path.split("/")[1], text);
      expect(placed.length).toBeGreaterThan(0);
      expect(placed.filter(([domain]) => domain !== "(default)")).toEqual([]);
    },
  );
});
