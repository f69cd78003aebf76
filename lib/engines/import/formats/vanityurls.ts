/**
 * vanityURLs: its link file, v8s-links.txt, read as its build reads it (build-redirect-targets.mjs
 * and links-file.mjs in vanityURLs/code's scripts folder): one link a line,
 * `slug|target|state|title|description|tags|owner|expires_at|notes`, each cell trimmed, `#`
 * lines and blank lines skipped, cells past the ninth ignored, indented `@schedule` lines
 * belonging to the link above them. The states and the schedules map as
 * docs/coming-from-vanityurls.md tables them; what does not map is said at its line.
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { isoTime } from "../short-code.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { scheduleRoutes, type Directive } from "./vanityurls-schedule.js";
import { completeTarget } from "./vanityurls-target.js";

/** vanityURLs state -> the row's state and status here. */
const STATES: Record<string, { state?: string; status?: number; was?: number }> = {
  permanent: { status: 301 },
  ephemeral: { status: 302 },
  expired: { state: "retired" },
  disabled: { state: "retired", was: 403 },
  maintenance: { state: "paused" },
  deactivated: { state: "disabled" },
};
const COLUMNS = 9;

interface Entry {
  line: number;
  text: string;
  directives: Directive[];
}

export function parseVanityUrls(input: ParseInput): ParsedImport {
  const file = input.file;
  const diagnostics: Diagnostic[] = [];
  const entries: Entry[] = [];
  let current: Entry | undefined;
  input.text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (!text || text.startsWith("#")) return;
    if (text.startsWith("@schedule")) {
      if (current) current.directives.push({ line, text });
      else
        diagnostics.push(
          diag("SL390", { file, line }, "@schedule must follow a link line, as in vanityURLs"),
        );
      return;
    }
    current = { line, text, directives: [] };
    entries.push(current);
  });

  const rows: ImportedRow[] = [];
  for (const entry of entries) {
    const result = entryRow(entry, file, diagnostics);
    if (typeof result !== "string") {
      rows.push(result);
      continue;
    }
    diagnostics.push(diag("SL851", { file, line: entry.line }, `not imported: ${result}`));
    for (const d of entry.directives)
      if (!diagnostics.some((n) => n.line === d.line))
        diagnostics.push(
          diag(
            "SL390",
            { file, line: d.line },
            `@schedule of the link on line ${entry.line}, which is not imported`,
          ),
        );
  }
  // vanityURLs' `x/*` answers `/x/...` only; here it answers `/x` too unless a link `x` exists.
  const exact = new Set(rows.map((r) => r.row.slug as string).filter((s) => !s.endsWith("/*")));
  for (const { line, row } of rows) {
    const slug = row.slug as string;
    if (slug.endsWith("/*") && !exact.has(slug.slice(0, -2)))
      diagnostics.push({
        ...diag(
          "SL853",
          { file, line },
          `shortlinks also answers /${slug.slice(0, -2)} itself, which vanityURLs' ${slug} leaves unmatched`,
        ),
        group: { file, line: 0, subject: "imported lines" },
      });
  }
  return { rows, diagnostics };
}

function entryRow(entry: Entry, file: string, out: Diagnostic[]): ImportedRow | string {
  const at = (line = entry.line) => ({ file, line });
  const cells = entry.text.split("|").map((c) => c.trim());
  const [rawSlug, rawTarget, rawState, title, description, tags, owner, expiresAt, notes] = cells;
  const extra = cells.slice(COLUMNS).filter(Boolean);
  if (extra.length > 0)
    out.push(
      diag(
        "SL391",
        at(),
        `cell(s) past notes ignored, as vanityURLs ignores them: ${extra.map((c) => JSON.stringify(c)).join(", ")}`,
        "a | inside a title or a note starts a new cell in v8s-links.txt",
      ),
    );
  const splat = rawSlug.endsWith("/*");
  const base = (splat ? rawSlug.slice(0, -2) : rawSlug)
    .replace(/^\/+|\/+$/g, "")
    .replace(/\/{2,}/g, "/");
  if (!base) return "no slug";
  const slug = splat ? `${base}/*` : base;
  if (!rawTarget) return `${slug}: no target`;
  const mapped = STATES[rawState || "permanent"];
  if (!mapped)
    return `${slug}: state ${JSON.stringify(rawState)} is none of vanityURLs' states (${Object.keys(STATES).join(", ")})`;

  const row: Record<string, unknown> = { slug, target: completeTarget(rawTarget) };
  if (mapped.state) row.state = mapped.state;
  if (mapped.status) row.status = mapped.status;
  if (mapped.was)
    out.push(
      diag(
        "SL392",
        at(),
        `${slug}: vanityURLs answers ${rawState} with ${mapped.was}, shortlinks' ${mapped.state} page with 410`,
      ),
    );

  if (expiresAt) {
    const end = isoTime(expiresAt);
    if (!end)
      return `${slug}: expires_at ${JSON.stringify(expiresAt)} is not a date or time (vanityURLs' own check refuses it too; one | too many before it shifts the cells)`;
    if (!splat) row.schedule = { label: "expires_at", end };
    else if (!mapped.state)
      return `${slug}: a splat link cannot expire here (a schedule is for exact links, SL311): remove expires_at or list its paths as exact links`;
    else
      out.push(
        diag(
          "SL391",
          at(),
          `${slug}: expires_at not carried over (a splat link has no schedule here); the link stays ${mapped.state}`,
        ),
      );
    if (mapped.state === "paused" || mapped.state === "disabled")
      out.push(
        diag(
          "SL392",
          at(),
          `${slug}: from ${end} vanityURLs answers its expired page (410) whatever the state; here the link stays ${mapped.state}`,
        ),
      );
  }

  if (entry.directives.length > 0) {
    if (splat) {
      for (const d of entry.directives)
        out.push(
          diag(
            "SL390",
            at(d.line),
            `${slug}: @schedule applies to exact links only, as in vanityURLs (its build refuses it)`,
          ),
        );
      return `${slug}: its @schedule lines cannot be mapped (SL390)`;
    }
    const mapping = scheduleRoutes(entry.directives);
    for (const note of mapping.notes)
      out.push(diag(note.refuses ? "SL390" : "SL391", at(note.line), `${slug}: ${note.message}`));
    if (mapping.notes.some((n) => n.refuses))
      return `${slug}: its @schedule lines cannot be mapped (SL390)`;
    if (mapping.defaultTarget) {
      out.push(
        diag(
          "SL391",
          at(mapping.defaultTarget.line),
          `${slug}: default= replaces the line's target ${row.target as string}, as in vanityURLs`,
        ),
      );
      row.target = mapping.defaultTarget.target;
    }
    if (mapping.routes.length > 0) {
      row.routes = mapping.routes;
      if (row.status === 301) {
        row.status = 302;
        out.push(
          diag(
            "SL392",
            at(),
            `${slug}: vanityURLs answers this permanent link with 301; with routes shortlinks sends 302 (a browser keeps a 301 and would never see the next window, SL372)`,
          ),
        );
      }
    }
  }

  if (title) row.title = title;
  if (description) row.description = description;
  const tagList = (tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (tagList.length > 0) row.tags = tagList;
  if (owner) row.owner = owner;
  if (notes) row.notes = notes;
  const text = [entry.text, ...entry.directives.map((d) => d.text)].join(" ");
  return { line: entry.line, text, row };
}
