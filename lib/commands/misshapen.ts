/** For commands that read the instance without compiling it first (compiling checks it itself). */
import { checkInstanceShape } from "../stages/1-sources/instance-shape.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { EXIT_PROBLEMS } from "../shared/exit-codes.js";

/** Prints SL508 for each misshapen path of `root`; true when the command must stop (exit 1). */
export async function refuseMisshapen(ctx: CommandContext, root: string): Promise<boolean> {
  const problems = await checkInstanceShape(root);
  if (problems.length === 0) return false;
  printDiagnostics(ctx.io, problems);
  ctx.exitCode = EXIT_PROBLEMS;
  return true;
}
