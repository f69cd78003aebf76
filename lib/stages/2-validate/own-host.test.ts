import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { compileInstance } from "../compile.js";
import { OWN_HOST_HOPS } from "./own-host.js";
import { tinyInstance } from "../../../test/support/tiny-instance.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** An instance of `links` (slug -> target) on https://go.example.org; its SL316/SL317 diagnostics. */
async function ownHostDiagnostics(links: [string, string][], siteExtra = "") {
  root = tinyInstance(
    "shortlinks-own-host-",
    links.map(([slug, target]) => `- slug: ${slug}\n  target: ${target}\n`).join(""),
    `site_name: Test\nbase_url: https://go.example.org\n${siteExtra}`,
  );
  const result = await compileInstance({ root, skipBundle: true, emit: false });
  return result.diagnostics.filter((d) => d.code === "SL316" || d.code === "SL317");
}

describe("targets on the instance's own host", () => {
  it(`a chain of more than ${OWN_HOST_HOPS} links on the own host is refused like a loop`, async () => {
    const count = OWN_HOST_HOPS + 2;
    const chain = Array.from({ length: count }, (_, i): [string, string] => [
      `hop-${i}`,
      i === count - 1 ? "https://example.com/end" : `https://go.example.org/hop-${i + 1}`,
    ]);
    const found = await ownHostDiagnostics(chain);
    expect(found.map((d) => d.line)).toEqual([1]); // only hop-0 is more than 10 redirects away
    expect(found[0].message).toMatch(`more than ${OWN_HOST_HOPS} redirects`);
  });

  it(`a chain of ${OWN_HOST_HOPS} links that leaves the own host is fine`, async () => {
    const chain = Array.from({ length: OWN_HOST_HOPS }, (_, i): [string, string] => [
      `hop-${i}`,
      i === OWN_HOST_HOPS - 1 ? "https://example.com/end" : `https://go.example.org/hop-${i + 1}`,
    ]);
    expect(await ownHostDiagnostics(chain)).toEqual([]);
  });

  it("the site root answers 404 while the home page is a draft: a target there is SL317", async () => {
    const found = await ownHostDiagnostics(
      [["home", "https://go.example.org/"]],
      "pages: { home: draft }\n",
    );
    expect(found.map((d) => `${d.line}:${d.code}`)).toEqual(["1:SL317"]);
    expect(found[0].message).toContain("leads to / on this instance's own host, which answers 404");
  });

  it("the site root answers the home page by default: a target there is fine", async () => {
    expect(await ownHostDiagnostics([["home", "https://go.example.org/"]])).toEqual([]);
  });

  it("the own host is matched by host alone: http:// and another letter case loop too; another port does not", async () => {
    const found = await ownHostDiagnostics([
      ["a", "http://GO.example.org/a/"],
      ["b", "https://go.example.org:8443/b"],
    ]);
    expect(found.map((d) => `${d.line}:${d.code}`)).toEqual(["1:SL316"]);
  });

  it("a target on the own host that reaches a product page, a static file or another host is fine", async () => {
    expect(
      await ownHostDiagnostics([
        ["robots", "https://go.example.org/robots.txt"],
        ["find", "https://go.example.org/lookup"],
        ["next", "https://go.example.org/away"],
        ["away", "https://example.com/"],
      ]),
    ).toEqual([]);
  });
});
