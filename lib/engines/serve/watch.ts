/**
 * Watches an instance for `serve --watch`: any change under `ROOT/custom/` (debounced) asks for a
 * rebuild, a change of `ROOT/.dev.vars` for a reload. Handlers never overlap: a change that
 * arrives while one runs schedules exactly one more run.
 */
import { existsSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { DEV_VARS_FILE, CUSTOM_DIR } from "../../shared/paths.js";

export const WATCH_DEBOUNCE_MS = 150;

export interface WatchHandlers {
  onSourceChange(): Promise<void>;
  onDevVarsChange(): Promise<void>;
  onError(error: Error): void;
}

export interface InstanceWatcher {
  close(): void;
}

export function watchInstance(root: string, handlers: WatchHandlers): InstanceWatcher {
  const sources = serialised(handlers.onSourceChange, handlers.onError);
  const devVars = serialised(handlers.onDevVarsChange, handlers.onError);
  const custom = join(root, CUSTOM_DIR);
  const watchers: FSWatcher[] = [
    watch(root, (_event, name) => {
      if (name === DEV_VARS_FILE) devVars.trigger();
    }),
  ];
  if (existsSync(custom))
    watchers.push(watch(custom, { recursive: true }, () => sources.trigger()));
  watchers.forEach((w) => w.on("error", (error) => handlers.onError(error)));
  return {
    close() {
      sources.cancel();
      devVars.cancel();
      watchers.forEach((w) => w.close());
    },
  };
}

/** Debounces triggers and runs `task` at most once at a time, once more if triggered meanwhile. */
function serialised(task: () => Promise<void>, onError: (error: Error) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let closed = false;
  const run = async () => {
    timer = undefined;
    if (running) return void (again = true);
    running = true;
    try {
      await task();
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      running = false;
      if (again && !closed) {
        again = false;
        trigger();
      }
    }
  };
  const trigger = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), WATCH_DEBOUNCE_MS);
  };
  return {
    trigger,
    cancel() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
