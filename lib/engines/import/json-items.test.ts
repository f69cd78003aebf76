// The records of JSON API answers: one answer or pages pasted together, each record at its line.
import { describe, expect, it } from "vitest";
import { isMap } from "yaml";
import { looksLikeJson, readJsonItems } from "./json-items.js";

const list = (root: unknown) => (isMap(root) ? root.get("data", true) : root);

describe("readJsonItems", () => {
  it("pages pasted one after another are one list, each record at its own line", () => {
    const text = '[\n  {"a": 1},\n  {"a": 2}\n]\n{"data": [\n  {"a": 3}\n]}\n';
    const read = readJsonItems(text, "x.json", list, "a list");
    if ("problem" in read) throw new Error(read.problem.message);
    expect(read.items.map((i) => [i.index, i.line])).toEqual([
      [0, 2],
      [1, 3],
      [2, 6],
    ]);
  });

  it("a bracket inside a string does not end a page", () => {
    const read = readJsonItems('[{"u": "a]b}"}]\n[{"u": "[{"}]', "x.json", list, "a list");
    if ("problem" in read) throw new Error(read.problem.message);
    expect(read.items).toHaveLength(2);
  });

  it("a page that does not parse is SL850 at its line; an answer without the list names what was expected", () => {
    const broken = readJsonItems('[{"a": 1}]\n[{"a": 1]', "x.json", list, "a list");
    expect("problem" in broken && [broken.problem.code, broken.problem.line]).toEqual(["SL850", 2]);
    const other = readJsonItems('{"links": []}', "x.json", list, "a list of links");
    expect("problem" in other && other.problem.message).toBe("expected a list of links");
  });

  it("JSON is told from CSV by its first character", () => {
    expect(looksLikeJson('\uFEFF  [{"a": 1}]')).toBe(true);
    expect(looksLikeJson("shortCode,longUrl\n")).toBe(false);
  });
});
