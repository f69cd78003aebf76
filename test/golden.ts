/** Golden files: compare with the expected copy; UPDATE_GOLDENS=1 rewrites it instead. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect } from "vitest";

export const UPDATE_GOLDENS = process.env.UPDATE_GOLDENS === "1";

/** Text compares as text; bytes (the registry's filter) compare byte for byte. */
export function expectGolden(file: string, actual: string | Uint8Array): void {
  if (UPDATE_GOLDENS || !existsSync(file)) {
    if (!UPDATE_GOLDENS)
      throw new Error(`golden ${file} is missing: run with UPDATE_GOLDENS=1 and review the diff`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (typeof actual === "string") expect(actual).toBe(readFileSync(file, "utf8"));
  else expect(Buffer.from(actual).equals(readFileSync(file)), `${file} differs`).toBe(true);
}
