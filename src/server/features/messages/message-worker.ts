import type { Logger } from '../../outbox/delivery.js';
import type { MessageQueue } from './message-queue.js';
import type { Messages } from './messages.js';

/** A wake-up call: whoever queues a message rings it, the idle worker stops waiting. */
export class Wakeup {
  private waiting: (() => void) | null = null;

  readonly ring = (): void => {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  };

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve();
      }, ms);
      timer.unref();
      this.waiting = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * The background loop of one instance: lists recipients of messages being expanded and
 * delivers due rows, then waits (until rung, or the poll interval). Off the request: a send to
 * a hundred thousand people costs the organiser's request one insert.
 */
export class MessageWorker {
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly messages: Messages,
    private readonly queue: MessageQueue,
    private readonly wakeup: Wakeup,
    private readonly log: Logger & { error(object: object, message: string): void },
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** One round: a batch listed and a batch delivered. True when there was work. */
  async round(): Promise<boolean> {
    const expanded = await this.messages.expandNext(this.queue.owner);
    const sent = await this.queue.runOnce();
    return expanded || sent > 0;
  }

  /** Rounds until nothing is due now (tests, and the crash test's restarted instance). */
  async drain(): Promise<void> {
    while (await this.round());
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let busy = false;
      try {
        busy = await this.round();
      } catch (error) {
        this.log.error({ err: error }, 'message worker round failed');
      }
      if (!busy && !this.stopped) await this.wakeup.wait(this.pollMs);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeup.ring();
    await this.loop;
  }
}
