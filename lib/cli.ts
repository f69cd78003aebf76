/** The CLI: commander wiring only. Returns the exit code; never calls process.exit. */
import { Command, CommanderError } from "commander";
import { COMMANDS } from "./commands/index.js";
import { PROCESS_IO, type CommandContext, type Io } from "./commands/context.js";
import { packageVersion } from "./shared/paths.js";
import { EXIT_PROBLEMS, EXIT_USAGE } from "./shared/exit-codes.js";

export async function main(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  const ctx: CommandContext = { io, exitCode: 0 };
  const program = new Command("shortlinks")
    .description(
      "Compile a git-kept set of short links into a deployable Cloudflare Worker bundle.",
    )
    .version(packageVersion())
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .showHelpAfterError(false);
  for (const register of COMMANDS) register(program, ctx);
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === "commander.helpDisplayed" ||
        error.code === "commander.version" ||
        error.code === "commander.help"
      )
        return 0;
      return EXIT_USAGE;
    }
    io.err(
      `shortlinks: internal error (this is a bug, please report it)\n${(error as Error)?.stack ?? String(error)}`,
    );
    return EXIT_PROBLEMS;
  }
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT_USAGE;
  }
  return ctx.exitCode;
}
