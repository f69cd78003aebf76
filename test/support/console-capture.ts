/**
 * Warnings a test expects are captured and asserted, not printed: `npm test` output then shows
 * only what nobody expected.
 */
import { vi } from "vitest";

/** The line the worker logs when it refuses a protected path (runtime/worker.ts). */
export const ACCESS_REFUSED = /^shortlinks: access refused on (stats|tests): [a-z-]+: /;

export interface CapturedWarnings {
  /** Every console.warn since capture began, one string per call. */
  lines: string[];
  /** The lines logged since the last call of take(), removed from `lines`. */
  take(): string[];
}

/** Replaces console.warn until `vi.restoreAllMocks()` (or the spy's own mockRestore). */
export function captureWarnings(): CapturedWarnings {
  const lines: string[] = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  return { lines, take: () => lines.splice(0) };
}
