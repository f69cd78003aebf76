/**
 * A lock file for the writers of one place (the link sources, an output folder). It is created
 * with link(2), so it either holds a complete owner record or does not exist; the owner's pid and
 * host tell a live holder from a dead one, and a lock left by a killed process (kill -9 included)
 * is taken over at once. Why not a library: docs/limits.md#locks.
 */
import { link, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

export interface LockOwner {
  pid: number;
  host: string;
  /** Date.now() when taken. */
  since: number;
  token: string;
}

export interface LockOptions {
  /** How long to wait for a live holder; default 30 s. */
  timeoutMs?: number;
  /** Pause between attempts; default 50 ms (with jitter). */
  pollMs?: number;
}

/** What the holder can do: check, right before it commits, that the lock is still its own. */
export interface HeldLock {
  verify(): Promise<void>;
}

/** The lock stayed held by a live process for the whole timeout. */
export class LockBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(`${lockPath} is held${owner ? ` by process ${owner.pid} on ${owner.host}` : ""}`);
  }
}

/** The lock was broken by another process while held (only after a wrong stale verdict). */
export class LockLostError extends Error {}

/** A lock file nobody could have written completely stays this long before it counts as stale. */
const UNREADABLE_STALE_MS = 5_000;

export async function withLock<T>(
  lockPath: string,
  fn: (held: HeldLock) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: Date.now(),
    token: randomBytes(8).toString("hex"),
  };
  await acquire(lockPath, me, options);
  await removeLeftovers(lockPath);
  const held: HeldLock = {
    verify: async () => {
      if ((await tokenOf(lockPath)) !== me.token)
        throw new LockLostError(`${lockPath} was taken by another process`);
    },
  };
  try {
    return await fn(held);
  } finally {
    await release(lockPath, me);
  }
}

async function acquire(lockPath: string, me: LockOwner, options: LockOptions): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const poll = options.pollMs ?? 50;
  for (;;) {
    if (await create(lockPath, me)) return;
    const seen = await inspect(lockPath);
    if (seen === "gone") continue;
    if (seen.stale) {
      await breakStale(lockPath, seen.owner, me.token);
      continue;
    }
    if (Date.now() >= deadline) throw new LockBusyError(lockPath, seen.owner);
    await new Promise((done) => setTimeout(done, poll / 2 + Math.random() * poll));
  }
}

/**
 * True when the lock is now ours; false when someone holds it or when the holder removed our
 * temp file before we linked it (an unreadable one looks like a killed contender's), so try again.
 */
async function create(lockPath: string, me: LockOwner): Promise<boolean> {
  const temp = `${lockPath}.${me.token}.tmp`;
  await writeFile(temp, JSON.stringify(me));
  try {
    await link(temp, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOENT") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
    // No hard links on this file system (FAT, some network shares): exclusive create instead;
    // a crash between create and write leaves an unreadable lock, stale after a few seconds.
    return createExclusive(lockPath, me);
  } finally {
    await rm(temp, { force: true });
  }
}

async function createExclusive(lockPath: string, me: LockOwner): Promise<boolean> {
  try {
    await writeFile(lockPath, JSON.stringify(me), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

type Seen = "gone" | { owner: LockOwner | undefined; stale: boolean };

async function inspect(lockPath: string): Promise<Seen> {
  const owner = await readOwner(lockPath);
  if (owner === "gone") return "gone";
  if (!owner) {
    // The age of the file that was read (taken after the read: a holder may have released
    // the lock and another taken it in between, and the age must not be the first one's).
    let ageMs: number;
    try {
      ageMs = Date.now() - (await stat(lockPath)).mtimeMs;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
      throw error;
    }
    return { owner, stale: ageMs > UNREADABLE_STALE_MS };
  }
  // Another host's process cannot be asked; its lock waits for the timeout and the message.
  return { owner, stale: owner.host === hostname() && !isAlive(owner.pid) };
}

/** The owner record; undefined when unreadable, "gone" when there is no such file. */
async function readOwner(lockPath: string): Promise<LockOwner | undefined | "gone"> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid === "number" && typeof value.token === "string")
      return {
        pid: value.pid,
        host: String(value.host),
        since: Number(value.since),
        token: value.token,
      };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  return undefined;
}

async function tokenOf(lockPath: string): Promise<string | undefined> {
  const owner = await readOwner(lockPath);
  return owner === "gone" ? undefined : owner?.token;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Move the stale lock aside (only one contender's rename can succeed), then make sure it was the
 * stale one: if a live process had taken the lock in between, put its lock back.
 */
async function breakStale(
  lockPath: string,
  stale: LockOwner | undefined,
  token: string,
): Promise<void> {
  const aside = `${lockPath}.stale-${token}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await tokenOf(aside);
  if (moved !== undefined && moved !== stale?.token) {
    try {
      await link(aside, lockPath);
    } catch (error) {
      // Someone took the lock meanwhile: the displaced holder's verify() fails, nothing is lost.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  // The new holder may have removed it already (removeLeftovers): the owner in it is gone.
  await rm(aside, { force: true });
}

/**
 * A contender killed while creating or breaking the lock leaves `LOCK.TOKEN.tmp` or
 * `LOCK.stale-TOKEN` beside it; the holder removes those whose owner record names a process that
 * is gone (the same rule as a stale lock), so a live contender's files stay. A temp file with no
 * complete record goes at once, however young: a contender killed while writing it left it so,
 * and a live one still writing it finds it gone at its link and tries again (`create`).
 */
async function removeLeftovers(lockPath: string): Promise<void> {
  const name = basename(lockPath);
  const pattern = new RegExp(
    `^${escapeRegExp(name)}\\.(?:([0-9a-f]{16}\\.tmp)|stale-[0-9a-f]{16})$`,
  );
  for (const entry of await readdir(dirname(lockPath))) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const path = join(dirname(lockPath), entry);
    const seen = await inspect(path);
    if (seen !== "gone" && (seen.stale || (match[1] && !seen.owner)))
      await rm(path, { force: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function release(lockPath: string, me: LockOwner): Promise<void> {
  if ((await tokenOf(lockPath)) === me.token) await unlink(lockPath);
}
