import type { FailureCount, FailureStore } from './sign-in-failures.js';

/**
 * Sign-in failures in Redis, and in the database (shared by every instance too) when a Redis
 * command fails: the throttle keeps counting while Redis is away instead of failing the
 * sign-in. Failures counted during the outage stay in the database; a key read from Redis
 * again starts from Redis's count.
 */
export class DegradingFailureStore implements FailureStore {
  constructor(
    private readonly primary: FailureStore,
    private readonly fallback: FailureStore,
    private readonly degraded: (error: unknown) => void,
  ) {}

  private async either<T>(task: (store: FailureStore) => Promise<T>): Promise<T> {
    try {
      return await task(this.primary);
    } catch (error) {
      this.degraded(error);
      return task(this.fallback);
    }
  }

  read(key: string): Promise<FailureCount> {
    return this.either((store) => store.read(key));
  }

  add(key: string): Promise<void> {
    return this.either((store) => store.add(key));
  }

  clear(key: string): Promise<void> {
    return this.either((store) => store.clear(key));
  }
}
