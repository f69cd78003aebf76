/** Golden files: compare with the expected copy; UPDATE_GOLDENS=1 rewrites it instead. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect } from "vitest";

export const UPDATE_GOLDENS = process.env.UPDATE_GOLDENS === "1";

export function expectGolden(file: string, actual: string): void {
  if (UPDATE_GOLDENS || !existsSync(file)) {
    if (!UPDATE_GOLDENS)
      throw new Error(`golden ${file} is missing: run with UPDATE_GOLDENS=1 and review the diff`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}
