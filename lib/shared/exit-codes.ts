/** A command's exit codes (docs/compiler.md, "Commands"). */
/** Fine. */
export const EXIT_OK = 0;
/** Problems found. */
export const EXIT_PROBLEMS = 1;
/** A usage error (a bad argument, a missing ref). */
export const EXIT_USAGE = 2;
