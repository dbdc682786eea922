import { describe, expect, it } from 'vitest';
import { DegradingFailureStore } from '../../src/server/auth/degrading-failure-store.js';
import type { FailureCount, FailureStore } from '../../src/server/auth/sign-in-failures.js';
import { dependencyFailureOf } from '../../src/server/http/dependency-failures.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('dependencyFailureOf', () => {
  it('tells a full disk or database, a database away and anything else apart, through causes too', () => {
    expect(dependencyFailureOf(withCode('ENOSPC'))).toBe('storageFull');
    expect(dependencyFailureOf(withCode('SQLITE_FULL', 'database or disk is full'))).toBe('storageFull');
    expect(dependencyFailureOf(withCode('53100'))).toBe('storageFull');
    expect(dependencyFailureOf(new Error('wrapped', { cause: withCode('EDQUOT') }))).toBe('storageFull');
    expect(dependencyFailureOf(withCode('57P01', 'terminating connection due to administrator command'))).toBe('serviceUnavailable');
    expect(dependencyFailureOf(withCode('ECONNREFUSED'))).toBe('serviceUnavailable');
    expect(dependencyFailureOf(new Error('Connection terminated unexpectedly'))).toBe('serviceUnavailable');
    expect(dependencyFailureOf(withCode('23505', 'duplicate key'))).toBeNull();
    expect(dependencyFailureOf(new TypeError('x is undefined'))).toBeNull();
    expect(dependencyFailureOf('not an error')).toBeNull();
  });
});

describe('DegradingFailureStore', () => {
  const memory = (): FailureStore & { counts: Map<string, number> } => {
    const counts = new Map<string, number>();
    return {
      counts,
      read: async (key): Promise<FailureCount> => ({ failures: counts.get(key) ?? 0, resetsInSeconds: 0 }),
      add: async (key) => void counts.set(key, (counts.get(key) ?? 0) + 1),
      clear: async (key) => void counts.delete(key),
    };
  };
  const broken: FailureStore = {
    read: () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    add: () => Promise.reject(new Error('Command timed out')),
    clear: () => Promise.reject(new Error('Connection is closed.')),
  };

  it('counts in the fallback while the primary fails, and tells of each failure', async () => {
    const fallback = memory();
    const told: unknown[] = [];
    const store = new DegradingFailureStore(broken, fallback, (error) => told.push(error));
    await store.add('pair:a|1');
    await store.add('pair:a|1');
    expect(await store.read('pair:a|1')).toEqual({ failures: 2, resetsInSeconds: 0 });
    await store.clear('pair:a|1');
    expect(fallback.counts.size).toBe(0);
    expect(told).toHaveLength(4);
  });

  it('uses the primary alone while it answers', async () => {
    const primary = memory();
    const fallback = memory();
    const store = new DegradingFailureStore(primary, fallback, () => {
      throw new Error('not degraded');
    });
    await store.add('account:a');
    expect(primary.counts.get('account:a')).toBe(1);
    expect(fallback.counts.size).toBe(0);
  });
});
