#!/usr/bin/env node
// npm run bench:goals: rewrites the goals table at the top of BENCHMARKS.md from the result files
// in bench/results/ (bench/goals.mjs decides met / not met / not measured yet). Every bench script
// calls updateGoals() after writing its results, so the table follows the last run of each.
import { goalsMarkdown } from "../bench/goals.mjs";
import { readResults } from "../bench/results.mjs";
import { writeBenchmarksSection } from "./benchmarks-section.mjs";

export function updateGoals() {
  writeBenchmarksSection("goals", goalsMarkdown(readResults()), { title: "Goals" });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  updateGoals();
  console.log("wrote the Goals section of BENCHMARKS.md");
}
