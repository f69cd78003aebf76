/** Types of bench/build-bench.mjs, for its test. */
export const RUSAGE_PRELOAD: string;
export function measuredArgs(cli: string, args: string[]): string[];
export function parseUsage(stderr: string): { cpuSeconds: number; peakRssMiB: number };
