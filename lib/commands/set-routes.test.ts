/**
 * `set --route WHEN --route-target URL` replaces a link's routes, read as `add` reads them, and
 * `set --clear-routes` removes them (docs/editing.md#set), in YAML and in CSV's routes column.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../test/support/run-cli.js";
import { tinyInstance } from "../../test/support/tiny-instance.js";

const LINKS = `# links
- slug: app
  target: https://example.com/get
  status: 302
- slug: docs
  target: https://docs.example.com/
  routes:
    - when: { device: ios }
      target: https://docs.example.com/ios
`;
const FILE = "custom/links/links.yaml";
const CSV = "custom/links/more.csv";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));
const fresh = () => (root = tinyInstance("shortlinks-set-routes-", LINKS));
const run = (...args: string[]) => runCli([...args, "--root", root]);
const read = (file = FILE) => readFileSync(join(root, file), "utf8");

describe("set --route", () => {
  it("gives a link routes, read as add reads --route (a weekly window here)", async () => {
    fresh();
    const r = await run(
      "set",
      "app",
      "--route",
      "time=mon-fri 09:00-17:00 Europe/Paris",
      "--route-target",
      "https://example.com/office",
    );
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(read()).toBe(
      LINKS.replace(
        "  status: 302\n",
        "  status: 302\n  routes: [ { when: { time: { days: mon-fri, from: 09:00, to: 17:00, tz: Europe/Paris } }, target: https://example.com/office } ]\n",
      ),
    );
    const explained = await run("explain", "/app", "--at", "2027-03-03T10:00:00+01:00");
    expect(explained.out).toContain("https://example.com/office");
  });

  it("replaces every route the link had, in the order given", async () => {
    fresh();
    const r = await run(
      "set",
      "docs",
      "--route",
      "device=android",
      "--route-target",
      "https://docs.example.com/android",
      "--route",
      "country=FR,BE",
      "--route-target",
      "https://docs.example.com/fr",
    );
    expect(r.code).toBe(0);
    expect(read()).toBe(
      LINKS.replace(
        "  routes:\n    - when: { device: ios }\n      target: https://docs.example.com/ios\n",
        "  routes: [ { when: { device: android }, target: https://docs.example.com/android }, { when: { country: [ FR, BE ] }, target: https://docs.example.com/fr } ]\n",
      ),
    );
  });

  it("--clear-routes removes them; on a link without routes it changes nothing", async () => {
    fresh();
    expect((await run("set", "docs", "--clear-routes")).code).toBe(0);
    expect(read()).toBe(
      LINKS.replace(
        "  routes:\n    - when: { device: ios }\n      target: https://docs.example.com/ios\n",
        "",
      ),
    );
    const again = await run("set", "app", "--clear-routes");
    expect(again.code).toBe(0);
    expect(again.out).toContain("already has these values");
  });

  it("a route the compiler refuses is named at the link's file and line; nothing written", async () => {
    fresh();
    const r = await run(
      "set",
      "app",
      "--route",
      "time=mon-fri 09:00-17:00 Mars/Olympus",
      "--route-target",
      "https://example.com/office",
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/custom\/links\/links\.yaml:\d+: SL364 /);
    expect(read()).toBe(LINKS);
  });

  it.each([
    [["--route", "device=ios"], "one --route-target per --route"],
    [["--route", "device", "--route-target", "https://x.example.com/"], "is not key=value"],
    [
      ["--clear-routes", "--route", "device=ios", "--route-target", "https://x.example.com/"],
      "--route and --clear-routes",
    ],
  ])("usage errors (exit 2), nothing written: %j", async (args, says) => {
    fresh();
    const r = await run("set", "app", ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(says);
    expect(read()).toBe(LINKS);
  });

  it("a CSV row gets its routes in the routes column, as add writes them", async () => {
    fresh();
    writeFileSync(join(root, CSV), "slug,target\nshop,https://shop.example.com/\n");
    const r = await run(
      "set",
      "shop",
      "--route",
      "device=ios",
      "--route-target",
      "https://shop.example.com/ios",
    );
    expect(r.code).toBe(0);
    expect(read(CSV)).toBe(
      'slug,target,routes\nshop,https://shop.example.com/,"[ { when: { device: ios }, target: https://shop.example.com/ios } ]"\n',
    );
    expect((await run("set", "shop", "--clear-routes")).code).toBe(0);
    expect(read(CSV)).toBe("slug,target,routes\nshop,https://shop.example.com/,\n");
  });
});
