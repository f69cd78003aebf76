/** What every importer hands on: rows shaped like link source rows, each with its source line. */
import type { Diagnostic } from "../../shared/diagnostics.js";

export const IMPORT_FORMATS = [
  "redirects",
  "shlink",
  "yourls",
  "dub",
  "bitly",
  "sink",
  "vanityurls",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** `_redirects` comes in two flavours whose documented default statuses differ. */
export const REDIRECTS_FLAVOURS = ["cloudflare", "netlify"] as const;
export type RedirectsFlavour = (typeof REDIRECTS_FLAVOURS)[number];

export interface ImportedRow {
  /** 1-based line of the source file this row comes from. */
  line: number;
  /** The source line (or record) as written, for the comment above the imported row. */
  text: string;
  /** A link row as custom/links/*.yaml holds it; a relative target is resolved later. */
  row: Record<string, unknown>;
  /** The short link's host when the export names one (multi-domain exports). */
  domain?: string;
}

/** One rule of a `_redirects` file as its platform matches it (also the rules not imported). */
export interface SourceRule {
  line: number;
  /** The source path as the platform stores it, e.g. `/blog/*` or `/p/:id`. */
  from: string;
  /** Static rules before the first dynamic one are looked up before any other rule. */
  static: boolean;
  /** Whether the platform applies the rule at all (limits, invalid lines). */
  active: boolean;
}

export interface ParsedImport {
  rows: ImportedRow[];
  /**
   * Lines that cannot be imported, and notes on lines that are. Each SL851 or SL852 here is one
   * record refused whole (import counts links by it).
   */
  diagnostics: Diagnostic[];
  /** `_redirects` only: every rule in order, for the order-dependence check. */
  rules?: SourceRule[];
}

export interface ParseInput {
  text: string;
  /** The source file as diagnostics name it. */
  file: string;
  flavour: RedirectsFlavour;
  caseSensitive: boolean;
  /** The instance's site.yaml `trailing_slash`: with `strict`, `/x/` stays its own slug. */
  trailingSlash?: "ignore" | "strict";
}
