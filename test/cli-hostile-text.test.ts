/**
 * Hostile text through the commands a person runs, on a throwaway git repository: a link's
 * description, owner and tags with every C0 and C1 control, DEL and bidi override (in YAML and,
 * raw, in CSV), and a source file whose very name clears the screen. `check` refuses the text
 * (SL117, naming file and line) and `check` and `diff` in every format print no raw control.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";
import { createTestRepo, type TestRepo } from "./support/git-repo.js";
import { CONTROLS, hexOf, RAW_CONTROL } from "./support/hostile-text.js";

let r: TestRepo;
/** A source whose name holds a screen clear and a right-to-left override. */
const NASTY_FILE = "custom/links/x\u001b[2J\u202egnp.yaml";

/** A YAML double-quoted scalar that spells every control as an escape. */
const quoted = (text: string) =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${hexOf(c)}`,
  );

function hostileYaml(): string {
  return CONTROLS.map((c) =>
    [
      `- slug: y${hexOf(c)}`,
      "  target: https://example.com/",
      `  description: ${quoted(`about ${c} this`)}`,
      `  owner: ${quoted(`team${c}`)}`,
      `  tags: [${quoted(`tag${c}`)}]`,
    ].join("\n"),
  ).join("\n");
}

/** Raw controls in CSV cells (all but the line breaks, which a quoted cell keeps as text). */
function hostileCsv(): string {
  const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const rows = CONTROLS.filter((c) => c !== "\n" && c !== "\r").map((c) =>
    [`c${hexOf(c)}`, "https://example.com/", cell(`about ${c}`), cell(`team${c}`)].join(","),
  );
  return ["slug,target,description,owner", ...rows].join("\n") + "\n";
}

const run = (...args: string[]) => runCli([...args, "--root", r.root]);

beforeAll(() => {
  r = createTestRepo({
    "custom/links/links.yaml": "- slug: docs\n  target: https://docs.example.com/\n",
    [NASTY_FILE]: "- slug: news\n  target: https://news.example.com/\n",
  });
  r.write({
    "custom/links/hostile.yaml": hostileYaml(),
    "custom/links/hostile.csv": hostileCsv(),
    [NASTY_FILE]: "- slug: blog\n  target: https://blog.example.com/\n",
  });
});
afterAll(() => r.cleanup());

describe("hostile text: refused by check, never printed raw", () => {
  it("check refuses every control in a description, owner and tag with SL117 at its file and line", async () => {
    // --verbose: by default a code that repeats is cut to its first three (docs/compiler.md).
    const { code, text } = await run("check", "--verbose");
    expect(code).toBe(1);
    expect(text).not.toMatch(RAW_CONTROL);
    for (const c of CONTROLS) {
      if (c === "\t" || c === "\n") continue; // a description may hold these; the owner may not
      const line = CONTROLS.indexOf(c) * 5 + 3;
      expect(text).toContain(`custom/links/hostile.yaml:${line}: SL117 field "description"`);
    }
    expect(text).toContain(
      `custom/links/hostile.yaml:${CONTROLS.indexOf("\n") * 5 + 4}: SL117 field "owner"`,
    );
    expect(text).toMatch(/custom\/links\/hostile\.csv:2: SL117 field "description" holds U\+0000/);
  });

  it("check --json: the same, as JSON with every control escaped", async () => {
    const { text } = await run("check", "--json");
    expect(text).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(text) as { diagnostics: { code: string }[] };
    expect(report.diagnostics.filter((d) => d.code === "SL117").length).toBeGreaterThan(
      3 * CONTROLS.length,
    );
  });
});

describe("hostile file names: diff shows them escaped", () => {
  beforeAll(() => r.write({ "custom/links/hostile.yaml": null, "custom/links/hostile.csv": null }));

  it.each([["text"], ["--json"], ["--markdown"]])(
    "diff (%s) names the file that clears the screen without clearing it",
    async (format) => {
      const { code, text } = await run(
        "diff",
        "HEAD",
        ...(format === "text" ? [] : [format]),
        "--at",
        "2030-01-01T00:00:00Z",
      );
      expect(code).toBe(1);
      expect(text).not.toMatch(RAW_CONTROL);
      expect(text).toContain("x\\u001b[2J\\u202egnp.yaml");
    },
  );

  it("explain shows a path that holds controls escaped", async () => {
    const { text } = await run("explain", "/docs\u001b[2J\u0007\u202e");
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain("\\u001b[2J\\u0007\\u202e");
  });
});
