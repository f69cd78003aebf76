import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { instancePart, type InstancePart } from "./write-target.js";

const ROOT = "/srv/links";

describe("what a path is to the instance", () => {
  it.each<[string, InstancePart]>([
    ["custom/links/links.yaml", "link source"],
    ["custom/links/Partners.CSV", "link source"],
    ["custom/links/sub/deeper.yaml", "own"],
    ["custom/links/notes.txt", "own"],
    ["custom/site.yaml", "own"],
    ["custom/public/_headers", "own"],
    ["custom/public/.assetsignore", "own"],
    ["custom/public/qr/docs.svg", "public"],
    ["defaults/site.yaml", "own"],
    ["src/worker.js", "own"],
    ["dist/wrangler.json", "own"],
    ["vendor/shortlinks-0.1.0.tgz", "own"],
    [".git/config", "own"],
    [".github/workflows/shortlinks.yml", "own"],
    ["package.json", "own"],
    [".dev.vars", "own"],
    ["", "own"],
    ["qr/docs.svg", "free"],
    ["..notes.svg", "free"],
    ["docs/package.json", "free"],
    ["../elsewhere.svg", "outside"],
  ])("%s: %s", (path, part) => {
    expect(instancePart(ROOT, join(ROOT, path))).toBe(part);
  });
});
