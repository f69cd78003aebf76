/** Types of scripts/benchmarks-section.mjs, for its test. */
export const BENCHMARKS: string;
export function replaceBenchBlock(text: string, name: string, body: string, title?: string): string;
export function writeBenchmarksSection(
  name: string,
  body: string,
  options?: { title?: string; file?: string },
): void;
export function machineLine(): string;
export function runLine(command: string, loadAtStart: number): string;
