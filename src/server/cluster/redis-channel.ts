import type { Redis } from 'ioredis';
import { openRedis } from './redis.js';

/**
 * A Redis channel every instance hears (REDIS_URL): one instance announces, the others act at
 * once. Two connections of its own: a subscribed connection can do nothing but listen, and the
 * shared one (rate limits) is opened after the services. Nothing here is load-bearing: while
 * Redis is away an announcement fails at once (no offline queue, told to `onUnreachable`) and the
 * listeners' own fallback (a version check) carries on; the subscriber reconnects by itself,
 * subscribes again and calls `onHeard` once, since what was announced meanwhile is lost.
 */
export class RedisChannel {
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    /** the channel's full name (channels are not keys: REDIS_KEY_PREFIX is part of it here) */
    private readonly channel: string,
    private readonly onUnreachable: (error: unknown) => void,
  ) {}

  /** Connects both and calls `onHeard` with each message, and after each (re)subscription with null. */
  listen(onHeard: (message: string | null) => void): void {
    void this.open(onHeard).catch(this.onUnreachable);
  }

  /** Sends `message` to every listening instance (this one too); a failure is told, never thrown. */
  announce(message: string): void {
    if (!this.publisher || this.publisher.status !== 'ready') {
      this.onUnreachable(new Error(`Redis not connected: ${this.channel} not announced`));
      return;
    }
    this.publisher.publish(this.channel, message).catch(this.onUnreachable);
  }

  close(): void {
    this.closed = true;
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }

  private async open(onHeard: (message: string | null) => void): Promise<void> {
    // subscribed below on every 'ready' (not ioredis' own resubscription, which repeats only a
    // subscription that once succeeded); named, so that CLIENT LIST shows who listens to what
    const subscriber = await openRedis(this.url, '', this.onUnreachable, {
      autoResubscribe: false,
      connectionName: `subscriber:${this.channel}`,
    });
    this.subscriber = subscriber;
    if (this.closed) return this.close();
    const subscribe = () => {
      subscriber.subscribe(this.channel).then(() => onHeard(null), this.onUnreachable);
    };
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) onHeard(message);
    });
    subscriber.on('ready', subscribe);
    if (subscriber.status === 'ready') subscribe();
    this.publisher = await openRedis(this.url, '', this.onUnreachable);
    // closed while connecting (an app built and closed at once)
    if (this.closed) this.close();
  }
}
