import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';

/**
 * PostgreSQL advisory-lock keys of this app: one namespace (first int) and one key per piece
 * of work (second int, from the name), so other applications on the database never collide.
 */
const NAMESPACE = 0x53554d4d; // "SUMM"

/** the second int of a named lock's key: a 32-bit string hash of the name */
function keyOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The two-integer key of a named lock (tests that drop a schema wait for the start-up lock with it). */
export function advisoryLockKey(name: string): [number, number] {
  return [NAMESPACE, keyOf(name)];
}

/**
 * Holds `name`'s session-level advisory lock on one pooled connection while `task` runs.
 * `wait`: queue behind the holder (start-up) or give up at once when another instance holds it
 * (scheduled work: it is being done right now). On SQLite there is one instance: no lock.
 * A crashed holder's connection closes and PostgreSQL releases the lock with it.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  name: string,
  wait: boolean,
  task: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (!isPostgres(db)) return { ran: true, result: await task() };
  const key = keyOf(name);
  return db.connection().execute(async (connection) => {
    if (wait) {
      await sql`select pg_advisory_lock(${NAMESPACE}, ${key})`.execute(connection);
    } else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${NAMESPACE}, ${key}) as locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false as const };
    }
    try {
      return { ran: true as const, result: await task() };
    } finally {
      await sql`select pg_advisory_unlock(${NAMESPACE}, ${key})`.execute(connection);
    }
  });
}

/**
 * Takes `name`'s lock and keeps it until the returned release is called (start-up: migrations,
 * the current edition and demo data are done by one instance at a time, the others wait and
 * then find them done).
 */
export async function holdAdvisoryLock(db: Db, name: string): Promise<() => Promise<void>> {
  if (!isPostgres(db)) return async () => undefined;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let acquired!: () => void;
  const held = new Promise<void>((resolve) => (acquired = resolve));
  const done = withAdvisoryLock(db, name, true, async () => {
    acquired();
    await released;
  });
  await Promise.race([held, done]);
  let once: Promise<void> | null = null;
  return () => {
    once ??= (async () => {
      release();
      await done;
    })();
    return once;
  };
}
