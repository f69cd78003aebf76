import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadServeVars, readVarsYaml } from "./load-vars.js";
import { ServeProblem } from "./problems.js";

async function rootWith(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-vars-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const BUNDLE = { vars: { A: "wrangler", B: "wrangler", C: "wrangler" } };

describe("variables for the local worker", () => {
  it.each<[string, Record<string, string>, Record<string, string>, string[]]>([
    ["wrangler.json vars alone", {}, BUNDLE.vars, ["wrangler.json"]],
    [
      "custom/vars.yaml wins over wrangler.json",
      { "custom/vars.yaml": "B: yaml\n" },
      { A: "wrangler", B: "yaml", C: "wrangler" },
      ["wrangler.json", "custom/vars.yaml"],
    ],
    [
      ".dev.vars wins over both",
      { "custom/vars.yaml": "B: yaml\nC: yaml\n", ".dev.vars": "C=dev\n" },
      { A: "wrangler", B: "yaml", C: "dev" },
      ["wrangler.json", "custom/vars.yaml", ".dev.vars"],
    ],
    [
      "YAML numbers and booleans become text",
      { "custom/vars.yaml": "N: 3\nT: true\n" },
      { ...BUNDLE.vars, N: "3", T: "true" },
      ["wrangler.json", "custom/vars.yaml"],
    ],
    [
      "an empty custom/vars.yaml adds nothing",
      { "custom/vars.yaml": "# none yet\n" },
      BUNDLE.vars,
      ["wrangler.json", "custom/vars.yaml"],
    ],
  ])("%s", async (_rule, files, vars, sources) => {
    const loaded = loadServeVars(await rootWith(files), BUNDLE);
    expect(loaded.vars).toEqual(vars);
    expect(loaded.sources).toEqual(sources);
    expect(loaded.diagnostics).toEqual([]);
  });

  it("a broken .dev.vars line is a warning, not a stop", async () => {
    const loaded = loadServeVars(await rootWith({ ".dev.vars": "oops\nA=dev\n" }), BUNDLE);
    expect(loaded.vars.A).toBe("dev");
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["SL603"]);
  });

  it.each([
    ["SL604: YAML that does not parse", "A: [unclosed\n"],
    ["SL604: a list instead of a mapping", "- A\n"],
    ["SL604: a name that is not a variable name", "my var: 1\n"],
    ["SL604: a nested value", "A:\n  b: 1\n"],
    ["SL604: a null value", "A:\n"],
  ])("%s is refused", (_rule, text) => {
    expect(() => readVarsYaml(text)).toThrow(ServeProblem);
    try {
      readVarsYaml(text);
    } catch (error) {
      expect((error as ServeProblem).diagnostic).toMatchObject({
        code: "SL604",
        file: "custom/vars.yaml",
        severity: "error",
      });
    }
  });
});
