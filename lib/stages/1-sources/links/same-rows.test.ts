/**
 * Rows unchanged within a changed CSV source (docs/cache.md): a review's second side takes the
 * first side's answer for each row written the same under the same header, on the line it now
 * starts on, and checks and validates only the rest.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteContext } from "../../../../test/support/site-context.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runOnlyCache, type CacheStore } from "../../../shared/cache/store.js";
import { validatedRows, type Answer } from "../../../shared/cache/validated.js";
import { earlierRowTexts, handRowTextsToNextSide } from "../../../shared/cache/same-rows.js";
import { readsBeyondItsAnswer } from "../../2-validate/validate-links.js";
import { loadSourceFile } from "./load-sources.js";
import type { SourceLink } from "./row-schema.js";

const FILE = "custom/links/a.csv";
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-same-rows-"));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const context = siteContext;

/** A row's answer as validation gives it: a target with "bad" in it is refused. */
const judge = (link: SourceLink): Answer => {
  const record = { slug: link.slug, target: link.target, file: link.file, line: link.line };
  return link.target.includes("bad") ? { diagnostics: ["refused"] } : { record, diagnostics: [] };
};

/** One side of a review as compile runs it; the slugs it validated itself, and every answer. */
async function side(store: CacheStore, text: string, site: unknown = {}) {
  writeFileSync(join(root, FILE), text);
  const lookup = validatedRows<Answer, SourceLink>(store, context(site), readsBeyondItsAnswer);
  const load = await loadSourceFile(root, FILE, { cache: store, validated: lookup });
  const memo = await lookup.memo();
  const validated: string[] = [];
  const answers = load.links.map((link) =>
    memo(link, () => {
      validated.push(link.slug);
      return judge(link);
    }),
  );
  await memo.save();
  return { validated, answers, diagnostics: load.diagnostics };
}

/** Both sides, the texts handed from the first to the second as a review hands them. */
async function review(first: string, second: string, sites: [unknown, unknown] = [{}, {}]) {
  const store = runOnlyCache();
  const texts = handRowTextsToNextSide(store);
  try {
    const one = await side(store, first, sites[0]);
    texts.lastSide();
    const two = await side(store, second, sites[1]);
    return { one, two };
  } finally {
    texts.stop();
  }
}

const HEADER = "slug,target\n";
const rows = (...slugs: string[]) => slugs.map((s) => `${s},https://example.com/${s}\n`).join("");
const records = (answers: Answer[]) => answers.map((a) => a.record);
/** The answers of a side that validates every row itself. */
const fresh = async (text: string) => (await review(HEADER, text)).two.answers;

describe("rows unchanged within a changed CSV source", () => {
  it("a row written as before keeps its answer on its new line; only the others are validated", async () => {
    const before = HEADER + rows("a", "b", "c", "d", "e");
    const after = HEADER + rows("b", "c") + "x,https://example.com/new\n" + rows("e", "d");
    const { one, two } = await review(before, after);
    expect(one.validated).toEqual(["a", "b", "c", "d", "e"]);
    // "a" is gone, "x" is new; "d" moved below "e", and rows are matched in order: once "e" is
    // matched, no earlier row is looked at again.
    expect(two.validated).toEqual(["x", "d"]);
    expect(records(two.answers)).toEqual(records(await fresh(after)));
    const lines = two.answers.map((a) => (a.record as { line?: number } | undefined)?.line);
    expect(lines).toEqual([2, 3, 4, 5, 6]);
  });

  it("a changed cell, a refused row and a row read beyond its answer are validated again", async () => {
    const before = HEADER + rows("a") + "b,https://bad.example/\n" + rows("c");
    const after = HEADER + "a,https://example.com/changed\nb,https://bad.example/\n" + rows("c");
    const { two } = await review(before, after);
    expect(two.validated).toEqual(["a", "b"]);
    expect(two.answers[1].diagnostics).toEqual(["refused"]);

    const head = "slug,target,successor\n";
    const kept = "a,https://example.com/a,c\nc,https://example.com/c,\n";
    const added = "new,https://example.com/n,\n";
    expect((await review(head + kept, head + added + kept)).two.validated).toEqual(["new", "a"]);
  });

  it("nothing is taken under another header or another rule context", async () => {
    // The same row text, read under another header, is another row.
    const texts = "a,https://example.com/a,ops\nb,https://example.com/b,ops\n";
    const described = await review(
      "slug,target,description\n" + texts,
      "slug,target,owner\n" + texts,
    );
    expect(described.two.validated).toEqual(["a", "b"]);
    const before = HEADER + rows("a", "b");
    const sameRows = HEADER + rows("a", "b") + rows("c");
    const otherSite = await review(before, sameRows, [{ a: 1 }, { a: 2 }]);
    expect(otherSite.two.validated).toEqual(["a", "b", "c"]);
  });

  it("a table only csv-parse reads (carriage returns) is validated whole", async () => {
    const crlf = (text: string) => text.replaceAll("\n", "\r\n");
    const before = crlf(HEADER + rows("a", "b"));
    expect((await review(before, before + crlf(rows("c")))).two.validated).toEqual(["a", "b", "c"]);
  });

  it("the first side's text of a file the second side finds unchanged is let go as it is answered", async () => {
    const store = runOnlyCache();
    const texts = handRowTextsToNextSide(store);
    try {
      const text = HEADER + rows("a", "b");
      await side(store, text);
      texts.lastSide();
      const again = await side(store, text);
      expect(again.validated).toEqual([]);
      expect(earlierRowTexts(store, FILE)).toBeUndefined();
    } finally {
      texts.stop();
    }
  });
});
