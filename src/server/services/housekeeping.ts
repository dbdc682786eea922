import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import type { UploadTable } from '../uploads/upload-repository.js';
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

/** Files younger than this may belong to an upload in flight (the request timeout is far shorter). */
const SWEEP_MIN_AGE_MS = 15 * 60_000;

export interface SweepResult {
  removedFiles: number;
  removedBytes: number;
}

/**
 * Removes what a crash or a failed write left in DATA_DIR/uploads: `.incoming-*` files and
 * stored files no upload row names. Young files are spared (an upload may be between its
 * rename and its commit). Upload rows themselves are never removed here.
 */
export async function sweepUploadOrphans(db: Db, uploadDir: string, now: Date = new Date()): Promise<SweepResult> {
  const dir = uploadDir;
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return { removedFiles: 0, removedBytes: 0 };
  }
  const rows = await db.withTables<{ uploads: UploadTable }>().selectFrom('uploads').select('storage_name').execute();
  // temporary-registration pictures share the folder (migration 0008)
  const temporaryRows = await db
    .withTables<{ temporary_uploads: { storage_name: string } }>()
    .selectFrom('temporary_uploads')
    .select('storage_name')
    .execute();
  const referenced = new Set([...rows, ...temporaryRows].map((row) => row.storage_name));
  const result: SweepResult = { removedFiles: 0, removedBytes: 0 };
  for (const name of names) {
    if (referenced.has(name)) continue;
    const filePath = path.join(dir, name);
    try {
      const stat = await fs.promises.lstat(filePath);
      if (!stat.isFile() || now.getTime() - stat.mtimeMs < SWEEP_MIN_AGE_MS) continue;
      await fs.promises.rm(filePath, { force: true });
      result.removedFiles += 1;
      result.removedBytes += stat.size;
    } catch {
      // gone meanwhile: nothing to do
    }
  }
  return result;
}
