/**
 * `shortlinks import`: read an export, turn each line into a link row or a diagnostic, check the
 * rows against the whole instance (the same validation as build: target rules, slugs,
 * duplicates), check the order dependence of `_redirects`, then write the rows that pass to a
 * new file under custom/links/. Nothing is dropped silently; nothing is overwritten.
 */
import { readFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { compileInstance, EMPTY_BLOCKLIST } from "../../stages/compile.js";
import { loadBlocklist } from "../../stages/1-sources/policy/blocklist.js";
import { dropRefusedImages } from "./card.js";
import { diag, isError, sortDiagnostics, type Diagnostic } from "../../shared/diagnostics.js";
import { createExplainer } from "../explain/explain.js";
import { defaultsDirFor, LINKS_DIR } from "../../shared/paths.js";
import { loadSite } from "../../stages/1-sources/site/load-site.js";
import { listSourceFiles } from "../../stages/1-sources/links/load-sources.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { PARSERS } from "./formats/index.js";
import { checkOrder } from "./order-check.js";
import type { ImportedRow, ImportFormat, RedirectsFlavour } from "./types.js";
import { defaultIntoPath, importedFiles, partPaths, writeImported } from "./write-import.js";
import { appendAll } from "../../shared/lists.js";
import { placeDomains } from "./place-domains.js";
import { writeProblem } from "../../shared/fs/write-target.js";
import { temporaryRouted } from "./routes/temporary-status.js";

export interface ImportOptions {
  root: string;
  format: ImportFormat;
  /** The export file, as the user named it. */
  input: string;
  /** Relative to the root, under custom/links/, ending in .yaml; default imported-FORMAT.yaml. */
  into?: string;
  flavour?: RedirectsFlavour;
  /** Import only the links of this short domain (multi-domain exports). */
  domain?: string;
  /** The export's domain that becomes the instance's default host (docs/domains.md). */
  defaultDomain?: string;
}

export interface ImportResult {
  diagnostics: Diagnostic[];
  /** The file written, relative to the root, if any (the first, when the rows fill several). */
  written?: string;
  /** Every file written: more than one past a link source's limits (docs/limits.md). */
  files?: string[];
  /**
   * Links in the export (each row, and each record refused before it became one), and how many
   * were written: a line may hold several links (Bitly's back-halves, a minified JSON export).
   */
  links: number;
  imported: number;
  /** Where to write was refused (SL113): a usage error, nothing was read or written. */
  usage?: boolean;
}

export async function importLinks(options: ImportOptions): Promise<ImportResult> {
  const root = resolve(options.root);
  const flavour = options.flavour ?? "cloudflare";
  const absolute = resolve(options.input);
  const inside = relative(root, absolute);
  const file = (inside.startsWith("..") || isAbsolute(inside) ? options.input : inside)
    .split(sep)
    .join("/");
  const fail = (d: Diagnostic): ImportResult => ({ diagnostics: [d], links: 0, imported: 0 });
  const into = options.into && (await intoProblem(root, [options.into]));
  if (into) return { ...fail(into), usage: true };
  if ((await listSourceFiles(root)).includes(file))
    return fail(
      diag(
        "SL850",
        { file, line: 0 },
        `the export is itself a link source of the instance (every .yaml and .csv file in ${LINKS_DIR}/ is)`,
        `move it out of ${LINKS_DIR}/ and import it from there`,
      ),
    );
  let text: string;
  try {
    text = exportText(await readFile(absolute));
  } catch (error) {
    return fail(diag("SL850", { file, line: 0 }, `cannot read: ${(error as Error).message}`));
  }
  const loaded = await loadSite(root, defaultsDirFor(root));
  if (!loaded.site) return { diagnostics: loaded.diagnostics, links: 0, imported: 0 };
  const site = loaded.site;
  const parsed = PARSERS[options.format]({
    text,
    file,
    flavour,
    caseSensitive: site.case_sensitive,
    trailingSlash: site.trailing_slash,
  });
  const diagnostics = [...parsed.diagnostics];
  const refusedRecords = parsed.diagnostics.filter(
    (d) => d.code === "SL851" || d.code === "SL852",
  ).length;
  let rows = parsed.rows;
  // An instance that lists its hosts keeps each link's domain; one that lists none answers one host.
  rows =
    loaded.domains && options.domain === undefined
      ? placeDomains({
          rows,
          domains: loaded.domains,
          defaultDomain: options.defaultDomain,
          file,
          diagnostics,
        })
      : filterDomain(rows, options.domain, file, diagnostics);
  for (const { row } of rows)
    if (typeof row.target === "string" && row.target.startsWith("/"))
      row.target = site.base_url + row.target;
  appendAll(diagnostics, temporaryRouted(rows, site.default_status, file));
  // A card's image the instance would refuse leaves the card, not the link (SL548).
  const policy = (await loadBlocklist(root, defaultsDirFor(root))).blocklist ?? EMPTY_BLOCKLIST;
  appendAll(diagnostics, dropRefusedImages(rows, policy, file));

  // The same validation as build. A line may give several rows (Bitly's custom back-halves), so
  // each row is checked at its own place (its index), then reported at its source line.
  const raw = (list: readonly ImportedRow[], at: (i: number) => number): RawRow[] =>
    list.map(({ row }, i) => ({ file, line: at(i), value: row, fieldLines: {} }));
  const checked = await compileInstance({
    root,
    skipBundle: true,
    emit: false,
    extraRows: raw(rows, (i) => i + 1),
  });
  const placed = checked.diagnostics.filter((d) => d.file === file);
  const refusedRows = new Set(placed.filter(isError).map((d) => d.line - 1));
  const mine = placed.map((d) => atSourceLine(d, file, rows));
  const refusedLines = new Set(mine.filter(isError).map((d) => d.line));
  // A line refused here needs no note on how its link would have answered.
  const kept = diagnostics.filter((d) => !ANSWER_NOTES.has(d.code) || !refusedLines.has(d.line));
  diagnostics.length = 0;
  appendAll(diagnostics, kept, mine);
  const good = rows.filter((_, i) => !refusedRows.has(i));
  const instanceErrors = checked.diagnostics.filter((d) => d.file !== file && isError(d));
  if (instanceErrors.length > 0)
    diagnostics.push(
      diag(
        "SL850",
        { file, line: 0 },
        `the instance has ${instanceErrors.length} error(s) of its own: shortlinks check lists them; nothing was written, as duplicates and order cannot be checked against it`,
      ),
    );
  else if (parsed.rules && good.length > 0) {
    const explainer = await createExplainer(root, {
      extraRows: raw(good, (i) => good[i].line),
    });
    if (explainer.ok)
      appendAll(
        diagnostics,
        await checkOrder({
          rules: parsed.rules,
          flavour,
          file,
          explainer,
          imported: new Set(good.map((r) => r.line)),
        }),
      );
  }

  const result: ImportResult = {
    diagnostics: [],
    links: parsed.rows.length + refusedRecords,
    imported: good.length,
  };
  if (good.length > 0 && instanceErrors.length === 0) {
    const texts = importedFiles({ rows: good, format: options.format, source: file });
    const into = options.into ?? (await defaultIntoPath(root, options.format, texts.length));
    const refused = await intoProblem(root, partPaths(into, texts.length));
    const wrote = refused ? { problem: refused } : await writeImported(root, into, texts);
    if (refused) result.usage = true;
    if ("problem" in wrote) diagnostics.push(wrote.problem);
    else [result.written, result.files] = [wrote.files[0], wrote.files];
    if (!result.written) result.imported = 0;
  } else result.imported = 0;
  result.diagnostics = sortDiagnostics(diagnostics);
  return result;
}

/** Notes on how an imported line's link answers: moot when the line is refused. */
const ANSWER_NOTES: ReadonlySet<string> = new Set([
  "SL853",
  "SL391",
  "SL392",
  "SL379",
  "SL548",
  "SL549",
]);

/** The first of `files` (relative to the root) that import may not write, as SL113. */
async function intoProblem(
  root: string,
  files: readonly string[],
): Promise<Diagnostic | undefined> {
  for (const file of files) {
    const problem = await writeProblem(root, join(root, file), {
      kind: "link source",
      command: "import",
    });
    if (problem) return { ...problem, file };
  }
  return undefined;
}

/**
 * An export's text: UTF-8, or UTF-16 when it starts with that byte-order mark (spreadsheets save
 * "Unicode text" so). NUL bytes otherwise mean another encoding or no text at all.
 */
function exportText(bytes: Buffer): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : "utf-8";
  const text = new TextDecoder(encoding).decode(bytes);
  if (text.includes("\u0000"))
    throw new Error(
      "NUL bytes: not UTF-8 text (UTF-16 without a byte-order mark?); save it as UTF-8",
    );
  return text;
}

/** A diagnostic of the row at index `line - 1`, moved to that row's source line (messages too). */
function atSourceLine(d: Diagnostic, file: string, rows: readonly ImportedRow[]): Diagnostic {
  const lineOf = (n: number) => rows[n - 1]?.line ?? n;
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const moved: Diagnostic = {
    ...d,
    line: lineOf(d.line),
    message: d.message.replace(
      new RegExp(`${escaped}:(\\d+)`, "g"),
      (_, n: string) => `${file}:${lineOf(Number(n))}`,
    ),
  };
  if (d.group?.file === file) moved.group = { ...d.group, line: lineOf(d.group.line) };
  return moved;
}

/** Multi-domain exports: one instance answers on one host. */
function filterDomain(
  rows: ImportedRow[],
  domain: string | undefined,
  file: string,
  diagnostics: Diagnostic[],
): ImportedRow[] {
  if (domain !== undefined) {
    const wanted = domain.toLowerCase();
    return rows.filter((r) => {
      if (r.domain === undefined || r.domain.toLowerCase() === wanted) return true;
      diagnostics.push(
        diag(
          "SL851",
          { file, line: r.line },
          `not imported: a link of ${r.domain}, not of ${domain} (--domain)`,
        ),
      );
      return false;
    });
  }
  const domains = [...new Set(rows.map((r) => r.domain?.toLowerCase()).filter(Boolean))];
  if (domains.length > 1)
    diagnostics.push(
      diag(
        "SL856",
        { file, line: 0 },
        `the export holds links of ${domains.length} domains (${domains.join(", ")}); an instance answers on one host, so equal codes collide`,
        "pass --domain HOST to import one domain's links",
      ),
    );
  return rows;
}
