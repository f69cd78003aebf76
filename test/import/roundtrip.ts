/**
 * A `_redirects` file imported into a copy of an instance, built and served in workerd: what each
 * path gets there, and whether the importer said why where it differs from the platform (the line
 * the platform uses was not imported, or the line shortlinks uses carries SL853 or SL854).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isError, type Diagnostic } from "../../lib/shared/diagnostics.js";
import { createExplainer, type Explainer } from "../../lib/engines/explain/explain.js";
import { importLinks } from "../../lib/engines/import/import-links.js";
import type { RedirectsFlavour } from "../../lib/engines/import/types.js";
import { startWorkerd, type Workerd } from "../engine/workerd.js";
import { buildInstance } from "../support/build-instance.js";

export interface Served {
  status: number;
  /** Absolute (resolved on `origin`), or undefined when there is none. */
  location?: string;
}

export interface RoundTrip {
  diagnostics: Diagnostic[];
  /** Source lines imported. */
  imported: Set<number>;
  serve(path: string): Promise<Served>;
  /** Whether the importer named a difference for `path`: see the file comment. */
  explained(path: string, platformLine: number | null): Promise<boolean>;
  dispose(): Promise<void>;
}

const INSTANCES = join(import.meta.dirname, "..", "..", "fixtures", "import");

export async function roundTrip(options: {
  instance: string;
  redirects: string;
  origin: string;
  flavour?: RedirectsFlavour;
}): Promise<RoundTrip> {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-roundtrip-"));
  cpSync(join(INSTANCES, options.instance), dir, { recursive: true });
  writeFileSync(join(dir, "_redirects"), options.redirects);
  const result = await importLinks({
    root: dir,
    format: "redirects",
    input: join(dir, "_redirects"),
    flavour: options.flavour,
  });
  const written = readFileSync(join(dir, result.written!), "utf8").split("\n");
  const imported = new Set(
    written.flatMap((line) => {
      const found = /^# _redirects:(\d+):/.exec(line);
      return found ? [Number(found[1])] : [];
    }),
  );
  const made = await createExplainer(dir);
  if (!made.ok) throw new Error(JSON.stringify(made.diagnostics));
  const explainer: Extract<Explainer, { ok: true }> = made;
  const { out } = await buildInstance(dir);
  const engine: Workerd = await startWorkerd(out);

  /** The source line of the link shortlinks answers a path with (the comment above its row). */
  const sourceLineOf = async (path: string): Promise<number | null> => {
    const e = await explainer.explain({ path });
    if (!e.match || !e.match.file.startsWith("custom/links/imported-")) return null;
    const found = /^# _redirects:(\d+):/.exec(written[e.match.line - 2] ?? "");
    return found ? Number(found[1]) : null;
  };
  const diagnostics = result.diagnostics;
  return {
    diagnostics,
    imported,
    async serve(path) {
      const response = await engine.fetch(path);
      const location = response.headers.get("location");
      return {
        status: response.status,
        ...(location === null ? {} : { location: new URL(location, options.origin).href }),
      };
    },
    async explained(path, platformLine) {
      const used = await sourceLineOf(path);
      const notImported =
        platformLine !== null && diagnostics.some((d) => d.line === platformLine && isError(d));
      const noted =
        used !== null &&
        diagnostics.some((d) => d.line === used && (d.code === "SL853" || d.code === "SL854"));
      return notImported || noted;
    },
    async dispose() {
      await engine.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
