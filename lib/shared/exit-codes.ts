/** A command's exit codes (docs/compiler.md, "Commands"): 0 fine, 1 problems found, 2 usage error. */
export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;
