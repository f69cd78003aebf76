import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { missingEntries, withEntries } from "./gitignore.js";

const WANTED = ["node_modules/", "dist/", ".wrangler/", ".dev.vars"];
const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);

describe("an existing .gitignore", () => {
  it.each<[string, string, string[]]>([
    ["spelled with slashes", "/node_modules\n/dist/\n**/.wrangler\n.dev.vars\n", []],
    ["by a wildcard", ".dev.vars*\nnode_*\n", ["dist/", ".wrangler/"]],
    ["un-ignored by a later ! line", "dist/\n!dist/\n", WANTED],
    [
      "ignored again after a ! line",
      "!.dev.vars\n.dev.vars\n",
      ["node_modules/", "dist/", ".wrangler/"],
    ],
    ["named only in a comment", "# .dev.vars\n", WANTED],
  ])("an entry %s", (_what, text, missing) => {
    expect(missingEntries(text, WANTED)).toEqual(missing);
  });

  it("property: whatever it holds, its text stays at the front and nothing is missing after", () => {
    const line = fc.oneof(
      fc.constantFrom(
        ...WANTED,
        "!.dev.vars",
        "!dist",
        "/dist",
        "# x",
        "",
        "*.log",
        "node_modules",
      ),
      fc.string({ maxLength: 12 }).filter((s) => !/[\r\n]/.test(s)),
    );
    const text = fc.tuple(
      fc.array(line, { maxLength: 8 }),
      fc.constantFrom("\n", "\r\n"),
      fc.boolean(),
    );
    fc.assert(
      fc.property(text, ([lines, eol, ended]) => {
        const before = lines.join(eol) + (ended && lines.length > 0 ? eol : "");
        const after = withEntries(before, missingEntries(before, WANTED));
        expect(after.startsWith(before)).toBe(true);
        expect(missingEntries(after, WANTED)).toEqual([]);
        if (before.includes("\r\n")) expect(after.replace(/\r\n/g, "")).not.toContain("\n");
      }),
      { numRuns: RUNS },
    );
  });
});
