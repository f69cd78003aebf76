// What the shape check lets through: it refuses only what no reader could read safely.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { packageRoot } from "../../shared/paths.js";
import { checkInstanceShape } from "./instance-shape.js";
import { MAX_INSTANCE_FILE_BYTES } from "./read-limits.js";

let work: string;
let root: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-shape-unit-"));
  root = join(work, "instance");
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(join(root, "custom", "site.yaml"), "site_name: T\n");
  writeFileSync(join(work, "outside"), "SECRET=1\n");
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const codes = async () => (await checkInstanceShape(root)).map((d) => `${d.code} ${d.file}`);

describe("checkInstanceShape", () => {
  it("an instance with only site.yaml and links/ is sound (every other path is optional)", async () => {
    expect(await codes()).toEqual([]);
  });

  it("a symbolic link that stays inside the instance is followed", async () => {
    writeFileSync(join(root, "tests.real.yaml"), "[]\n");
    symlinkSync("../tests.real.yaml", join(root, "custom", "tests.yaml"));
    mkdirSync(join(root, "shared-pages"));
    symlinkSync("../shared-pages", join(root, "custom", "pages"));
    expect(await codes()).toEqual([]);
  });

  it(".dev.vars, local and never committed, may link outside the instance", async () => {
    symlinkSync(join(work, "outside"), join(root, ".dev.vars"));
    expect(await codes()).toEqual([]);
  });

  it("SL508: custom/vars.yaml linking outside is refused; custom/ as a file hides its children", async () => {
    symlinkSync(join(work, "outside"), join(root, "custom", "vars.yaml"));
    expect(await codes()).toEqual(["SL508 custom/vars.yaml"]);
    rmSync(join(root, "custom"), { recursive: true });
    writeFileSync(join(root, "custom"), "x\n");
    expect(await codes()).toEqual(["SL508 custom"]);
  });

  it("SL508: entries of pages/ and texts/ are files; other names there are not read, so not judged", async () => {
    mkdirSync(join(root, "custom", "pages", "paused.html"), { recursive: true });
    mkdirSync(join(root, "custom", "pages", "drafts"));
    mkdirSync(join(root, "custom", "texts", "de.yaml"), { recursive: true });
    expect(await codes()).toEqual(["SL508 custom/pages/paused.html", "SL508 custom/texts/de.yaml"]);
  });

  it("SL508: a file larger than shortlinks reads is refused unread, its own defaults/ included", async () => {
    const big = (rel: string, size = MAX_INSTANCE_FILE_BYTES + 1) => {
      writeFileSync(join(root, rel), "");
      truncateSync(join(root, rel), size); // sparse: the size without the bytes
    };
    cpSync(join(packageRoot(), "defaults"), join(root, "defaults"), { recursive: true });
    mkdirSync(join(root, "custom", "pages"));
    big("custom/tests.yaml");
    big("custom/pages/paused.html");
    big("defaults/static/shortlinks.css");
    big("custom/links/big.yaml"); // a link source: its own limit, judged by its reader (SL112)
    big("custom/site.yaml", MAX_INSTANCE_FILE_BYTES); // at the limit: read
    const problems = await checkInstanceShape(root);
    expect(problems.map((d) => `${d.code} ${d.file}`)).toEqual([
      "SL508 custom/tests.yaml",
      "SL508 custom/pages/paused.html",
      "SL508 defaults/static/shortlinks.css",
    ]);
    expect(problems[0].message).toBe(
      `custom/tests.yaml is ${MAX_INSTANCE_FILE_BYTES + 1} bytes; shortlinks reads at most ${MAX_INSTANCE_FILE_BYTES} bytes from a file of the instance (docs/limits.md)`,
    );
  });
});
