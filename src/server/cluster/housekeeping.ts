import type { Db } from '../db/database.js';
import { HEARTBEAT_MS, type UploadJournal } from '../uploads/upload-journal.js';
import { HOUR_MS, systemClock } from '../clock.js';

/** Expired codes and ended sessions are useless after a day; keep the tables small. */
export async function purgeExpired(db: Db): Promise<void> {
  const dayAgo = systemClock.isoIn(-24 * HOUR_MS);
  await db.deleteFrom('one_time_codes').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('sessions').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('sessions').where('revoked_at', '<', dayAgo).execute();
  // sign-in failure windows last minutes; a day-old one counts for nothing
  await db.deleteFrom('sign_in_failures').where('window_start', '<', dayAgo).execute();
}

/** Announces this process as a writer of the upload store and keeps its heartbeat until stopped. */
export async function startUploadWriter(journal: UploadJournal, onError: (error: unknown) => void): Promise<() => void> {
  await journal.heartbeat();
  const timer = setInterval(() => void journal.heartbeat().catch(onError), HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
