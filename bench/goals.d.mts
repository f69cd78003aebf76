/** Types of bench/goals.mjs, for its test. */
export interface Run {
  date: string;
  command: string;
  load: number;
}
export interface GoalRow {
  goal: string;
  figure: string;
  verdict: string;
  runs: Run[];
}
export const MET: string;
export const NOT_MET: string;
export const NOT_MEASURED: string;
export const GOALS: [string, (results: Record<string, unknown>) => Omit<GoalRow, "goal">][];
export function goalRows(results: Record<string, unknown>): GoalRow[];
export function goalsMarkdown(results: Record<string, unknown>): string;
