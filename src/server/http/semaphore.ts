/** Thrown when too many tasks already wait: better a quick "busy" than an endless queue. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
  }
}

/**
 * Runs at most `limit` tasks at once; up to `maxWaiting` more wait in order, the rest are
 * refused. `maxWaiting` may be a function, read at each arrival (admission that follows a
 * measured cost, see password-hash.ts).
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number | (() => number) = Number.POSITIVE_INFINITY,
  ) {}

  /** tasks running now */
  get running(): number {
    return this.active;
  }

  /** tasks waiting for a slot now */
  get queued(): number {
    return this.waiting.length;
  }

  /** `admitted`: the caller was admitted earlier (a place held for it): it waits, never refused */
  async run<T>(task: () => Promise<T>, admitted = false): Promise<T> {
    if (this.active >= this.limit) {
      const maxWaiting = typeof this.maxWaiting === 'function' ? this.maxWaiting() : this.maxWaiting;
      if (!admitted && this.waiting.length >= maxWaiting) throw new QueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // hand the slot straight to the next waiter, else free it
      if (next) next();
      else this.active -= 1;
    }
  }
}
