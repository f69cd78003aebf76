/**
 * What loadSources accepts as a link source: regular files inside the instance, within the size
 * and row limits, with or without a byte-order mark; everything else is refused unread.
 */
import { spawnSync } from "node:child_process";
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../../shared/diagnostics.js";
import { FIELD_LIMITS, MAX_ROWS_PER_FILE, MAX_SOURCE_BYTES, MAX_TAGS } from "./limits.js";
import { loadSources } from "./load-sources.js";

let work: string;
let root: string;
const links = (name: string) => join(root, "custom", "links", name);

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-sources-"));
  root = join(work, "instance");
  mkdirSync(join(root, "custom", "links"), { recursive: true });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const codes = async () => (await loadSources(root)).diagnostics.map((d) => d.code);

describe("YAML anchors, aliases and merge keys", () => {
  it("are resolved as YAML defines them: an aliased value, a merged mapping", async () => {
    writeFileSync(
      links("a.yaml"),
      [
        "- &base",
        "  slug: anc1",
        "  target: &t https://a.example.com/",
        "  owner: web",
        "- slug: anc2",
        "  target: *t",
        "- <<: *base",
        "  slug: anc3",
        "",
      ].join("\n"),
    );
    const loaded = await loadSources(root);
    expect(loaded.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(loaded.links.map((l) => [l.slug, l.target, l.owner])).toEqual([
      ["anc1", "https://a.example.com/", "web"],
      ["anc2", "https://a.example.com/", undefined],
      ["anc3", "https://a.example.com/", "web"],
    ]);
  });

  it("a row that is an alias of another row reads as that row, at the alias's line", async () => {
    writeFileSync(links("a.yaml"), "- &a\n  slug: one\n  target: https://a.example.com/\n- *a\n");
    const loaded = await loadSources(root);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual([]);
    expect(loaded.links.map((l) => [l.slug, l.line])).toEqual([
      ["one", 2],
      ["one", 4],
    ]);
  });
});

describe("link source files", () => {
  it("a YAML source starting with a UTF-8 byte-order mark reads like one without", async () => {
    writeFileSync(links("a.yaml"), "\ufeff- slug: docs\n  target: https://example.com/\n");
    writeFileSync(
      links("b.yaml"),
      "\ufeff# block scalar: the full reader\n- slug: b\n  target: https://example.com/b\n  description: |\n    two\n    lines\n",
    );
    const loaded = await loadSources(root);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.links.map((l) => [l.slug, l.line])).toEqual([
      ["docs", 1],
      ["b", 2],
    ]);
  });

  it("SL109: a symbolic link to a file outside the instance is refused without printing it", async () => {
    writeFileSync(join(work, "secret.yaml"), "root:x:0:0:root:/root:/bin/bash\n");
    symlinkSync(join(work, "secret.yaml"), links("secret.yaml"));
    const loaded = await loadSources(root);
    expect(loaded.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ["SL109", "custom/links/secret.yaml"],
    ]);
    expect(loaded.diagnostics.map(formatDiagnostic).join("\n")).not.toContain("root:x");
  });

  it("a symbolic link to a file inside the instance is read", async () => {
    mkdirSync(join(root, "shared"));
    writeFileSync(
      join(root, "shared", "team.yaml"),
      "- slug: team\n  target: https://example.com/\n",
    );
    symlinkSync(join("..", "..", "shared", "team.yaml"), links("team.yaml"));
    expect((await loadSources(root)).links.map((l) => l.slug)).toEqual(["team"]);
  });

  it("SL109: a folder, a named pipe or a dangling link with a source's name is refused", async () => {
    mkdirSync(links("folder.yaml"));
    expect(spawnSync("mkfifo", [links("pipe.csv")]).status).toBe(0);
    symlinkSync(join(root, "gone.yaml"), links("dangling.yaml"));
    expect(await codes()).toEqual(["SL109", "SL109", "SL109"]);
  });

  it("SL112: a source file over the size limit is refused before it is read", async () => {
    const fd = openSync(links("huge.yaml"), "w");
    ftruncateSync(fd, MAX_SOURCE_BYTES + 1);
    closeSync(fd);
    expect(await codes()).toEqual(["SL112"]);
  });

  it("SL111: a source file with more rows than the limit is refused once, not row by row", async () => {
    const rows = Array.from({ length: MAX_ROWS_PER_FILE + 1 }, (_, i) => `l${i},https://e.com/\n`);
    writeFileSync(links("many.csv"), "slug,target\n" + rows.join(""));
    const loaded = await loadSources(root);
    expect(loaded.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL111", 0]]);
    expect(loaded.links).toEqual([]);
  });
});

describe("SL110: field limits", () => {
  const long = (n: number) => "x".repeat(n + 1);
  it.each<[string, Record<string, unknown>]>([
    ["target", { target: `https://example.com/${long(FIELD_LIMITS.target)}` }],
    ["description", { description: long(FIELD_LIMITS.description) }],
    ["owner", { owner: long(FIELD_LIMITS.owner) }],
    [
      "schedule.label",
      { schedule: { label: long(FIELD_LIMITS["schedule.label"]), end: "2099-01-01T00:00:00Z" } },
    ],
    ["tags", { tags: Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`) }],
    ["tags", { tags: [long(FIELD_LIMITS.tag)] }],
    ["allow.reason", { allow: { rules: ["SL206"], reason: long(FIELD_LIMITS["allow.reason"]) } }],
  ])(
    "%s over its limit is refused with the field's line and length, not its content",
    async (field, extra) => {
      writeFileSync(
        links("a.json.yaml"),
        JSON.stringify([{ slug: "docs", target: "https://example.com/", ...extra }]),
      );
      const loaded = await loadSources(root);
      expect(loaded.diagnostics.map((d) => d.code)).toEqual(["SL110"]);
      expect(loaded.diagnostics[0].message).toContain(field);
      expect(loaded.diagnostics[0].message).not.toContain("xxxxxxxxxx");
      expect(loaded.links).toEqual([]);
    },
  );

  it("a multi-megabyte description is refused in CSV too", async () => {
    writeFileSync(
      links("big.csv"),
      `slug,target,description\ndocs,https://example.com/,${"d".repeat(2_000_000)}\n`,
    );
    const loaded = await loadSources(root);
    expect(loaded.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL110", 2]]);
  });

  it("a 50 MB description in YAML: one short SL110, no 50 MB message", async () => {
    writeFileSync(
      links("big.yaml"),
      `- slug: docs\n  target: https://example.com/\n  description: ${"d".repeat(50_000_000)}\n`,
    );
    const loaded = await loadSources(root);
    expect(loaded.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL110", 3]]);
    expect(formatDiagnostic(loaded.diagnostics[0]).length).toBeLessThan(300);
  });

  it("fields at their limits are fine", async () => {
    const at = (n: number) => "x".repeat(n);
    writeFileSync(
      links("a.yaml"),
      JSON.stringify([
        {
          slug: "docs",
          target: `https://example.com/${at(FIELD_LIMITS.target - 20)}`,
          description: at(FIELD_LIMITS.description),
          owner: at(FIELD_LIMITS.owner),
          tags: Array.from({ length: MAX_TAGS }, () => at(FIELD_LIMITS.tag)),
        },
      ]),
    );
    expect(await codes()).toEqual([]);
  });
});
