import { describe, expect, it } from "vitest";
import { parseDevVars } from "./dev-vars.js";

describe(".dev.vars lines", () => {
  it.each<[string, string, Record<string, string>]>([
    [
      "KEY=VALUE sets a variable",
      "ANALYTICS_PROVIDER=provider_a",
      { ANALYTICS_PROVIDER: "provider_a" },
    ],
    ["spaces around = and the value are trimmed", "  A =  one  ", { A: "one" }],
    ["an export prefix is allowed", "export A=1", { A: "1" }],
    ["comment and blank lines are skipped", "# secret stuff\n\nA=1\n   \n# B=2", { A: "1" }],
    ["an inline comment after a space is dropped", "A=value # note", { A: "value" }],
    ["a # without a space before it stays in the value", "A=abc#def", { A: "abc#def" }],
    [
      "double quotes keep spaces and # and turn \\n into a newline",
      'A="x # y\\nz"',
      { A: "x # y\nz" },
    ],
    ["single quotes keep the value as written", "A='x\\ny'", { A: "x\\ny" }],
    ["an empty value is an empty string", "A=", { A: "" }],
    ["= inside the value is kept", "URL=https://x.example/?a=b", { URL: "https://x.example/?a=b" }],
    ["a later line wins", "A=1\nA=2", { A: "2" }],
    ["CRLF line ends are accepted", "A=1\r\nB=2\r\n", { A: "1", B: "2" }],
  ])("%s", (_rule, text, vars) => {
    expect(parseDevVars(text)).toEqual({ vars, diagnostics: [] });
  });

  it.each<[string, string, number]>([
    ["SL603: a line without = is reported", "A=1\nnot a pair", 2],
    ["SL603: a key that is not a name is reported", "1A=x", 1],
    ["SL603: an unclosed quote is reported", 'A="open', 1],
    ["SL603: text after a closing quote is reported", 'A="x" y', 1],
  ])("%s with its line, and the line is ignored", (_rule, text, line) => {
    const result = parseDevVars(text);
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.severity])).toEqual([
      ["SL603", ".dev.vars", line, "warning"],
    ]);
    expect(Object.keys(result.vars)).toEqual(text.startsWith("A=1") ? ["A"] : []);
  });

  it("SL603 never echoes the value of a broken line (it may be a secret)", () => {
    const [d] = parseDevVars('TOKEN="s3cr3t-value').diagnostics;
    expect(d.message + (d.hint ?? "")).not.toContain("s3cr3t");
  });

  // Every malformed shape a pasted secret can take: alone on a line, after a bad key, with `:`
  // instead of `=`, base64 padding, a quote left open, text after the closing quote.
  it.each([
    "S3CR3T",
    "  S3CR3T  ",
    "TOKEN S3CR3T",
    "TOKEN:S3CR3T",
    "TOKEN: S3CR3T==",
    "S3CR3T+x/y==",
    "1TOKEN=S3CR3T",
    "TO-KEN=S3CR3T",
    "export TOKEN S3CR3T",
    'TOKEN="S3CR3T',
    "TOKEN='S3CR3T",
    'TOKEN="x" S3CR3T',
    "tok S3CR3T=x",
  ])("SL603: the line %j prints its line and at most a valid key, never the rest", (line) => {
    const [d] = parseDevVars(`A=1\n${line}`).diagnostics;
    expect(d).toMatchObject({ code: "SL603", line: 2 });
    const printed = `${d.message} ${d.hint ?? ""}`;
    expect(printed).not.toContain("S3CR3T");
    const key = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    if (key) expect(printed).toContain(`"${key}"`);
  });
});
