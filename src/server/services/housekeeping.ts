import type { Db } from '../db/database.js';
import { HOUR_MS, isoIn } from '../time.js';

/** Expired codes and ended sessions are useless after a day; keep the tables small. */
export async function purgeExpired(db: Db): Promise<void> {
  const dayAgo = isoIn(-24 * HOUR_MS);
  await db.deleteFrom('one_time_codes').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('sessions').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('sessions').where('revoked_at', '<', dayAgo).execute();
  // sign-in failure windows last minutes; a day-old one counts for nothing
  await db.deleteFrom('sign_in_failures').where('window_start', '<', dayAgo).execute();
}

/** Runs the purge every hour until stopped (the timer never keeps the process alive). */
export function schedulePurge(db: Db, onError: (error: unknown) => void): () => void {
  const run = () => void purgeExpired(db).catch(onError);
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
