/**
 * A holder that releases the lock while a contender inspects it: the lock is gone, not stale,
 * however long the holder had held it. (Taken as stale, the contender moved aside the lock that
 * the next writer had taken meanwhile, and that writer failed with "was taken by another
 * process" when 48 editors ran at once, each holding the lock for seconds.)
 */
import { mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const trap = vi.hoisted(() => ({
  path: "",
  armed: false,
  removeTemp: false,
  renamed: [] as string[],
}));

vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...real,
    readFile: (async (path: string, ...rest: unknown[]) => {
      if (trap.armed && path === trap.path) {
        trap.armed = false;
        unlinkSync(path); // the holder releases it right now
      }
      return (real.readFile as (...a: unknown[]) => unknown)(path, ...rest);
    }) as typeof real.readFile,
    link: (async (from: string, to: string) => {
      if (trap.removeTemp && from.endsWith(".tmp")) {
        trap.removeTemp = false;
        unlinkSync(from); // a holder cleaning up took it as a killed contender's
      }
      return real.link(from, to);
    }) as typeof real.link,
    rename: (async (from: string, to: string) => {
      trap.renamed.push(from);
      return real.rename(from, to);
    }) as typeof real.rename,
  };
});

const { withLock } = await import("./lock.js");
const dir = mkdtempSync(join(tmpdir(), "shortlinks-lock-race-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("lock file: a release while a contender looks", () => {
  it("is taken as a free lock, never as a stale one to move aside", async () => {
    trap.path = join(dir, "sources.lock");
    writeFileSync(
      trap.path,
      JSON.stringify({ pid: process.pid, host: hostname(), since: 0, token: "holder" }),
    );
    const old = new Date(Date.now() - 60_000); // held for a minute: past the unreadable-lock age
    utimesSync(trap.path, old, old);
    trap.armed = true;
    expect(await withLock(trap.path, async () => "mine", { timeoutMs: 2_000 })).toBe("mine");
    expect(trap.renamed).toEqual([]);
  });
});

describe("lock file: a temp file removed before it is linked", () => {
  it("makes the contender try again, not fail", async () => {
    trap.removeTemp = true;
    const path = join(dir, "removed-temp.lock");
    expect(await withLock(path, async () => "mine", { timeoutMs: 2_000 })).toBe("mine");
    expect(trap.removeTemp).toBe(false);
  });
});
