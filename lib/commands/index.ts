/**
 * The command table. One file per command; each exports `register<Name>(program, ctx)`.
 * To add a command (explain, diff, serve, analytics test, health), write its file and list it here.
 */
import type { Command } from "commander";
import { registerAdd } from "./add.js";
import { registerAnalytics } from "./analytics.js";
import { registerBuild } from "./build.js";
import { registerCheck } from "./check.js";
import { registerDiff } from "./diff.js";
import { registerExplain } from "./explain.js";
import type { CommandContext } from "./context.js";
import { registerHealth } from "./health.js";
import { registerImport } from "./import.js";
import { registerInit } from "./init.js";
import { registerQr } from "./qr.js";
import { registerServe } from "./serve.js";
import { registerSet } from "./set.js";
import { registerRetire } from "./retire.js";
import { registerMv } from "./mv.js";
import { registerRm } from "./rm.js";
import { registerList } from "./list.js";

export type RegisterCommand = (program: Command, ctx: CommandContext) => void;

export const COMMANDS: RegisterCommand[] = [
  registerInit,
  registerBuild,
  registerCheck,
  registerAdd,
  registerSet,
  registerRetire,
  registerMv,
  registerRm,
  registerList,
  registerImport,
  registerExplain,
  registerQr,
  registerDiff,
  registerServe,
  registerAnalytics,
  registerHealth,
];
