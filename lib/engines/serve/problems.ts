/**
 * The serve stage's one error type. Expected mistakes (no bundle, a broken .dev.vars line, a busy
 * port) become a short coded message (SL60x, registered in lib/shared/diagnostic-codes.ts);
 * anything else is a bug.
 */
import type { Diagnostic } from "../../shared/diagnostics.js";

/**
 * An expected problem: the command prints its diagnostic without a stack and exits 1, or 2 when
 * `usage` says the command line asked for what cannot be done (an address it cannot listen on).
 */
export class ServeProblem extends Error {
  readonly diagnostic: Diagnostic;
  readonly usage: boolean;

  constructor(diagnostic: Diagnostic, options: { usage?: boolean } = {}) {
    super(`${diagnostic.code} ${diagnostic.message}`);
    this.name = "ServeProblem";
    this.diagnostic = diagnostic;
    this.usage = options.usage ?? false;
  }
}
