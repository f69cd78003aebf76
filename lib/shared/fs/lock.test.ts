import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync, readdirSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LockBusyError, LockLostError, withLock } from "./lock.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shortlinks-lock-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const lockFile = () => join(dir, `l${n++}.lock`);
const owner = (pid: number, host = hostname()) =>
  JSON.stringify({ pid, host, since: Date.now(), token: `t${pid}` });
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

describe("lock file", () => {
  it("holders take turns: 20 concurrent critical sections never overlap", async () => {
    const path = lockFile();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withLock(
          path,
          async () => {
            inside++;
            most = Math.max(most, inside);
            await new Promise((r) => setTimeout(r, 2));
            inside--;
          },
          { pollMs: 2 },
        ),
      ),
    );
    expect(most).toBe(1);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes("tmp") || f.includes("stale"))).toEqual([]);
  });

  it("a lock left by a dead process (kill -9) is taken over at once", async () => {
    const path = lockFile();
    writeFileSync(path, owner(deadPid()));
    const started = Date.now();
    expect(await withLock(path, async () => "mine", { timeoutMs: 5_000 })).toBe("mine");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("a live holder makes the next writer wait, then fail with who holds it", async () => {
    const path = lockFile();
    writeFileSync(path, owner(process.pid));
    const error = await withLock(path, async () => "never", { timeoutMs: 200 }).catch((e) => e);
    expect(error).toBeInstanceOf(LockBusyError);
    expect((error as LockBusyError).owner?.pid).toBe(process.pid);
  });

  it("another host's lock is never broken by a guess", async () => {
    const path = lockFile();
    writeFileSync(path, owner(deadPid(), "some-other-machine"));
    await expect(withLock(path, async () => 1, { timeoutMs: 200 })).rejects.toThrow(LockBusyError);
  });

  it("an unreadable lock counts as held while fresh and as stale once old", async () => {
    const path = lockFile();
    writeFileSync(path, "");
    await expect(withLock(path, async () => 1, { timeoutMs: 200 })).rejects.toThrow(LockBusyError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    expect(await withLock(path, async () => 2, { timeoutMs: 1_000 })).toBe(2);
  });

  it("verify() fails when the lock was taken from the holder", async () => {
    const path = lockFile();
    const error = await withLock(path, async (held) => {
      writeFileSync(path, owner(process.pid));
      await held.verify();
    }).catch((e) => e);
    expect(error).toBeInstanceOf(LockLostError);
    expect(existsSync(path)).toBe(true); // the other holder's lock is left alone
  });

  it("the holder removes temp and aside files a killed contender left, not a live one's", async () => {
    const path = lockFile();
    writeFileSync(`${path}.0123456789abcdef.tmp`, owner(deadPid()));
    writeFileSync(`${path}.stale-0123456789abcdef`, owner(deadPid()));
    writeFileSync(`${path}.fedcba9876543210.tmp`, owner(process.pid));
    await withLock(path, async () => undefined);
    expect(readdirSync(dir).filter((f) => f.startsWith(path.split("/").pop()!))).toEqual([
      `${path.split("/").pop()}.fedcba9876543210.tmp`,
    ]);
  });

  it("the holder removes at once a temp file a contender killed while writing it left empty", async () => {
    const path = lockFile();
    writeFileSync(`${path}.0123456789abcdef.tmp`, "");
    await withLock(path, async () => undefined);
    expect(readdirSync(dir).filter((f) => f.startsWith(path.split("/").pop()!))).toEqual([]);
  });
});
