/** Concurrency limits: a counting semaphore, and one semaphore per host for politeness. */

export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be >= 1: ${limit}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` never overshoots the limit.
      if (next) next();
      else this.active--;
    }
  }
}

/** At most `perHost` tasks at once for each host name (case-insensitive). */
export class HostLimiter {
  private readonly hosts = new Map<string, { limiter: Limiter; users: number }>();

  constructor(private readonly perHost: number) {
    if (!Number.isInteger(perHost) || perHost < 1)
      throw new RangeError(`per-host limit must be >= 1: ${perHost}`);
  }

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const key = host.toLowerCase();
    let entry = this.hosts.get(key);
    if (!entry) this.hosts.set(key, (entry = { limiter: new Limiter(this.perHost), users: 0 }));
    entry.users++;
    try {
      return await entry.limiter.run(task);
    } finally {
      // Forget idle hosts, so a run over many hosts holds no more than it uses.
      if (--entry.users === 0) this.hosts.delete(key);
    }
  }
}
