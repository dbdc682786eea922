/** Thrown when too many tasks already wait: better a quick "busy" than an endless queue. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
  }
}

/** Runs at most `limit` tasks at once; up to `maxWaiting` more wait in order, the rest are refused. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError();
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
