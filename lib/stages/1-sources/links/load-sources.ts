/** Stage 1: read every custom/links/*.yaml and *.csv and check each row's shape. */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { issuesToDiagnostics } from "../../../shared/zod-issues.js";
import type { RawRow } from "./raw-row.js";
import { fieldLimitProblems } from "./limits.js";
import { decodeSource, eachSourceRow, readSourceBytes } from "./source-file.js";
import { textFieldProblems } from "./text-fields.js";
import { LINK_ROW_SCHEMA, type SourceLink } from "./row-schema.js";
import { appendAll } from "../../../shared/lists.js";
import { loadFiles, serveSourceJobs, type FileLoad } from "./source-jobs.js";
import { LINKS_DIR } from "../../../shared/paths.js";
import type { CacheStore } from "../../../shared/cache/store.js";
import { handedFileRows, sourceKey } from "../../../shared/cache/rows.js";
import {
  earlierRowTexts,
  keepRowTexts,
  RowSpans,
  sameRowsIn,
} from "../../../shared/cache/same-rows.js";
import type { Answer, ValidatedRows } from "../../../shared/cache/validated.js";

/** A file directly in LINKS_DIR with one of these extensions is a link source. */
export const isSourceName = (name: string) => /\.(ya?ml|csv)$/i.test(name);

export interface LoadedSources {
  links: SourceLink[];
  /** Files read, relative to the root, sorted. */
  files: string[];
  diagnostics: Diagnostic[];
}

export async function listSourceFiles(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(root, LINKS_DIR));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .filter(isSourceName)
    .sort()
    .map((n) => `${LINKS_DIR}/${n}`);
}

/** A file's validated rows kept by its bytes and context: a file they answer is not read as rows. */
export type SourceValidated = Pick<
  ValidatedRows<Answer, SourceLink>,
  "standIns" | "read" | "earlier"
>;

/**
 * `texts`: a source's text as an editor is about to write it, read instead of the file (`set`,
 * `rm` and `mv` validate the whole instance with their edit before writing it). `cache`: the
 * review's cache (docs/cache.md), whose sides hand each other a file's checked rows; with one,
 * the main thread reads them all.
 * `validated`: the cache's validated rows, which answer a file without its rows.
 */
export async function loadSources(
  root: string,
  texts: ReadonlyMap<string, string> = new Map(),
  jobs = 1,
  cache?: CacheStore,
  validated?: SourceValidated,
): Promise<LoadedSources> {
  const files = await listSourceFiles(root);
  const diagnostics: Diagnostic[] = [];
  if (files.length === 0) {
    diagnostics.push(
      diag(
        "SL108",
        { file: LINKS_DIR, line: 0 },
        "no link files found",
        `add ${LINKS_DIR}/links.yaml`,
      ),
    );
  }
  // No collection is forced between files: the heap grows by the rows kept, and V8's own
  // collections take each file's garbage (docs/performance.md, "No forced collection between
  // source files").
  const loadFile = (file: string): Promise<FileLoad> =>
    loadSourceFile(root, file, { text: texts.get(file), cache, validated });
  const inMain = (f: string) => cache !== undefined || texts.has(f);
  const loads = await loadFiles(root, files, jobs, loadFile, inMain);
  // Sized once: pushed one at a time, a million links regrow and copy the array as it fills.
  const links = new Array<SourceLink>(loads.reduce((n, loaded) => n + loaded.links.length, 0));
  let at = 0;
  for (const loaded of loads) {
    appendAll(diagnostics, loaded.diagnostics);
    for (const link of loaded.links) links[at++] = link;
  }
  return { links, files, diagnostics };
}

/**
 * One source file read and its rows checked (on the main thread or a worker's): `text` in place
 * of the file's, `cache` handing its checked rows to a review's next side, and `validated`
 * answering it without its rows when it can (docs/cache.md).
 */
export async function loadSourceFile(
  root: string,
  file: string,
  options: {
    text?: string;
    cache?: CacheStore;
    validated?: SourceValidated;
  } = {},
): Promise<FileLoad> {
  if (options.text !== undefined) return loadSourceContent(file, options.text, options);
  const read = await readSourceBytes(root, file);
  if ("problem" in read) return { links: [], diagnostics: [read.problem] };
  try {
    return await loadSourceContent(file, read.bytes, options);
  } finally {
    read.release(); // what is kept of the bytes is decoded from them: a copy
  }
}

/** A source from its text or its bytes, as loadSourceFile reads it. */
async function loadSourceContent(
  file: string,
  content: string | Buffer,
  options: { cache?: CacheStore; validated?: SourceValidated },
): Promise<FileLoad> {
  const decoded = () => (typeof content === "string" ? content : decodeSource(content));
  const { cache, validated } = options;
  if (cache === undefined) return checkSourceText(decoded(), file);
  // A file its validated entry answers is never decoded, let alone parsed (docs/cache.md).
  const key = sourceKey(file, content);
  // Taken first, so that the other side's text of a file an entry answers is let go too.
  const earlier = earlierRowTexts(cache, file);
  const answered = await validated?.standIns(file, key);
  if (answered !== undefined) return answered as FileLoad;
  // The other side's answers for the rows this version of the file writes as that one did.
  const answerOf = earlier && (await validated?.earlier(earlier.key));
  const load = handedFileRows(cache, file, key, () => {
    const text = decoded();
    const spans = new RowSpans();
    const reuse = earlier && answerOf && { same: sameRowsIn(earlier.texts, text), answerOf };
    const checked = checkSourceText(text, file, { spans, reuse });
    const texts = spans.texts(text);
    if (texts) keepRowTexts(cache, file, key, texts);
    return checked;
  });
  validated?.read(file, key, {
    diagnostics: load.diagnostics,
    rows: load.links.length,
    answers: load.answers,
  });
  return load;
}

/** A review's second side's way to the first side's answers for rows written the same. */
interface Reuse {
  same: (start: number, end: number) => number;
  answerOf: (index: number, line: number) => object | undefined;
}

/**
 * Each row checked as soon as it is read: a raw row dies young instead of a file's worth of them
 * waiting for their checks (docs/performance.md, "Round seven: reading the sources").
 */
function checkSourceText(
  text: string,
  file: string,
  review: { spans?: RowSpans; reuse?: Reuse } = {},
): FileLoad {
  const { spans, reuse } = review;
  const links: SourceLink[] = [];
  const problems: Diagnostic[] = [];
  const answers: (object | undefined)[] = [];
  // A row answered by the other side is stood in for by its file's name (docs/cache.md).
  const standIn = { file } as SourceLink;
  const read = eachSourceRow(text, file, {
    row: (row, start, end) => {
      spans?.row(start);
      const checked = checkRow(row);
      if ("link" in checked) {
        links.push(checked.link);
        spans?.link(start, end);
      } else appendAll(problems, checked.diagnostics);
    },
    restart: () => {
      links.length = 0;
      problems.length = 0;
      answers.length = 0;
      spans?.restart();
    },
    ...(reuse && {
      known: (start: number, end: number, line: number) => {
        const index = reuse.same(start, end);
        const answer = index < 0 ? undefined : reuse.answerOf(index, line);
        if (answer === undefined) return false;
        spans?.row(start);
        spans?.link(start, end);
        answers[links.length] = answer;
        links.push(standIn);
        return true;
      },
    }),
  });
  if (read.tooMany) return { links: [], diagnostics: read.diagnostics };
  const load: FileLoad = { links, diagnostics: [...read.diagnostics, ...problems] };
  if (answers.length > 0) {
    answers.length = links.length;
    load.answers = answers;
  }
  return load;
}

serveSourceJobs(loadSourceFile);

export function checkRow(row: RawRow): { link: SourceLink } | { diagnostics: Diagnostic[] } {
  if (row.value === null || typeof row.value !== "object" || Array.isArray(row.value)) {
    return {
      diagnostics: [
        diag(
          "SL103",
          { file: row.file, line: row.line },
          "expected a mapping with slug and target",
          "each row is `- slug: ...` followed by `target: ...`",
        ),
      ],
    };
  }
  const overLimits = fieldLimitProblems(row);
  const unprintable = textFieldProblems(row);
  if (overLimits.length > 0 || unprintable.length > 0)
    return { diagnostics: [...overLimits, ...unprintable] };
  const result = LINK_ROW_SCHEMA.safeParse(row.value);
  if (result.success) {
    // zod's output is a new object already: give it its place instead of copying it again.
    const link = (result.data === row.value ? { ...result.data } : result.data) as SourceLink;
    link.file = row.file;
    link.line = row.line;
    link.fieldLines = row.fieldLines;
    return { link };
  }
  const slug = (row.value as { slug?: unknown }).slug;
  return {
    diagnostics: issuesToDiagnostics(result.error, {
      file: row.file,
      lineOf: (path) =>
        row.fieldLines[path.map(String).join(".")] ?? row.fieldLines[String(path[0])] ?? row.line,
      raw: row.value,
      codes: { missing: "SL104", unknown: "SL106", invalid: "SL105" },
      subject:
        typeof slug === "string"
          ? `link ${JSON.stringify(slug.length > 60 ? slug.slice(0, 57) + "..." : slug)}`
          : undefined,
    }),
  };
}
