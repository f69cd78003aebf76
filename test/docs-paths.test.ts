/**
 * The repository speaks for itself: every file or folder of this repository that the docs (README,
 * CONTRIBUTING, BENCHMARKS, docs/*.md) or a code comment names exists, and every relative link in
 * the docs resolves. A rename that forgets its readers fails here. And nothing cites what a
 * reader of the repository does not have: planning files kept outside it, or issue numbers.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/build-instance.js";
import { WORKER_FILE } from "../lib/shared/paths.js";

/** A path into this repository: one of its top-level folders, then what may follow in a path. */
const REPO_PATH =
  /(?<![\w./-])(?:bin|lib|runtime|test|defaults|fixtures|scripts|bench|docs|\.ci)\/[\w./-]*/g;
/** What may follow a path that is a pattern rather than a file: `lib/stages/4-assets/pages/*.test.ts`. */
const PLACEHOLDER = /[<*{…]/;
/** Generated and ignored folders a doc may name although a clone does not have them yet. */
const GENERATED = ["bench/.work"];
const SKIP_DIRS = new Set([".git", "node_modules", "dist", "out", "test-results", ".wrangler"]);

function walk(dir: string, keep: (file: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && relative(REPO, path) !== "bench/.work") {
        walk(path, keep, found);
      }
    } else if (keep(path)) found.push(path);
  }
  return found;
}

/** The comments of a source file, found by TypeScript's parser (strings and code left out). */
function comments(text: string): string[] {
  const source = ts.createSourceFile("file.ts", text, ts.ScriptTarget.Latest, true);
  const ranges = new Map<number, string>();
  const take = (pos: number, end: number) => void ranges.set(pos, text.slice(pos, end));
  const visit = (node: ts.Node) => {
    ts.forEachLeadingCommentRange(text, node.getFullStart(), take);
    ts.forEachTrailingCommentRange(text, node.getEnd(), take);
    node.forEachChild(visit);
  };
  visit(source);
  ts.forEachLeadingCommentRange(text, source.endOfFileToken.getFullStart(), take);
  return [...ranges.entries()].sort(([a], [b]) => a - b).map(([, comment]) => comment);
}

/** The repository paths `text` names that do not exist. */
function missingPaths(text: string): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(REPO_PATH)) {
    const raw = match[0];
    // A pattern (`fixtures/sl2NN-<what>/`, `lib/stages/4-assets/pages/*.test.ts`): its folder must exist.
    const pattern = PLACEHOLDER.test(text.charAt(match.index + raw.length));
    const cited = pattern ? raw.slice(0, raw.lastIndexOf("/")) : raw.replace(/[./-]+$/, "");
    if (GENERATED.some((dir) => cited === dir || cited.startsWith(dir + "/"))) continue;
    if (!existsSync(join(REPO, cited))) missing.push(cited);
  }
  return missing;
}

/** Citations of things outside the repository. */
const OUTSIDE = /\.\.\/shared\/|\bDESIGN\.md\b|\bSTYLE\.md\b|\bissue #?\d+/gi;

/** Relative markdown links of a doc that lead nowhere. */
function brokenLinks(doc: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    const file = target.split("#")[0];
    if (!existsSync(join(dirname(doc), file))) broken.push(target);
  }
  return broken;
}

const DOCS = [
  ...["README.md", "CONTRIBUTING.md", "BENCHMARKS.md"].map((name) => join(REPO, name)),
  ...walk(join(REPO, "docs"), (file) => file.endsWith(".md")),
];
const SOURCES = walk(REPO, (file) => /\.(ts|js|mjs)$/.test(file)).filter(
  (file) => !["src/worker.js"].includes(relative(REPO, file)),
);

describe("paths the repository cites exist", () => {
  it.each(DOCS.map((doc) => [relative(REPO, doc), doc]))(
    "%s: every repository path and relative link",
    (_name, doc) => {
      const text = readFileSync(doc, "utf8");
      expect({ missing: missingPaths(text), broken: brokenLinks(doc, text) }).toEqual({
        missing: [],
        broken: [],
      });
    },
  );

  it("every repository path in a code comment", () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    const missing = SOURCES.flatMap((file) =>
      comments(readFileSync(file, "utf8")).flatMap((comment) =>
        missingPaths(comment).map((path) => `${relative(REPO, file)}: ${path}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("no doc or comment cites planning files outside the repository or an issue number", () => {
    const cites = [
      ...DOCS.flatMap((doc) =>
        [...readFileSync(doc, "utf8").matchAll(OUTSIDE)].map(
          (m) => `${relative(REPO, doc)}: ${m[0]}`,
        ),
      ),
      ...SOURCES.flatMap((file) =>
        comments(readFileSync(file, "utf8")).flatMap((comment) =>
          [...comment.matchAll(OUTSIDE)].map((m) => `${relative(REPO, file)}: ${m[0]}`),
        ),
      ),
    ];
    expect(cites).toEqual([]);
  });

  it("a path that does not exist is found, a pattern's folder is enough", () => {
    expect(missingPaths("see `lib/no-such-module.ts` and lib/stages/2-validate/slugs.ts.")).toEqual(
      ["lib/no-such-module.ts"],
    );
    expect(missingPaths("`lib/stages/4-assets/pages/*.test.ts`, `fixtures/sl2NN-<what>/`")).toEqual(
      [],
    );
    expect(missingPaths("`nothere/sl2NN-<what>/`, `runtime/nope/*.ts`")).toEqual(["runtime/nope"]);
    expect(comments('// lib/a.ts\nconst s = "lib/b.ts"; /* lib/c.ts */')).toEqual([
      "// lib/a.ts",
      "/* lib/c.ts */",
    ]);
  });
});

describe("the docs name the output the build writes", () => {
  it("docs/compiler.md and README give the worker's path and wrangler.json's main as built", () => {
    const compiler = readFileSync(join(REPO, "docs/compiler.md"), "utf8");
    expect(compiler).toContain(`| \`${WORKER_FILE}\``);
    expect(compiler).toContain(`\`main: ${WORKER_FILE}\``);
    expect(compiler).toContain(`dist/${WORKER_FILE}, src/worker.js`);
    expect(readFileSync(join(REPO, "README.md"), "utf8")).toContain(`dist/\n  ${WORKER_FILE}`);
  });
});
