import type { Db } from '../db/database.js';
import type { UploadJournal } from './upload-journal.js';
import type { UploadStore } from './upload-storage.js';

export interface SweepResult {
  removedFiles: number;
  removedBytes: number;
}

/** A file made from a journaled one while it is processed (the re-encoded picture: `<name>.clean`). */
const journalKeyOf = (name: string) => name.replace(/\.clean$/, '');

/**
 * Removes every file of the store that no upload row names and no live writer is writing
 * (upload-journal.ts), whatever its age; upload rows are never removed (a row commits only once
 * its file is in place). Order matters: the store is listed first, then the journal read, then
 * the rows: a file listed was journaled before it existed, and a name forgotten by the journal
 * had its row committed before, so one of the two reads sees it.
 */
export async function sweepUploadStore(db: Db, store: Pick<UploadStore, 'list' | 'remove'>, journal: UploadJournal): Promise<SweepResult> {
  const names = await store.list();
  const writing = await journal.liveNames();
  const rows = await db.selectFrom('uploads').select('storage_name').execute();
  // temporary-registration pictures share the store (migration 0008)
  const temporaryRows = await db
    .withTables<{ temporary_uploads: { storage_name: string } }>()
    .selectFrom('temporary_uploads')
    .select('storage_name')
    .execute();
  const referenced = new Set([...rows, ...temporaryRows].map((row) => row.storage_name));
  const result: SweepResult = { removedFiles: 0, removedBytes: 0 };
  for (const name of names) {
    if (referenced.has(name) || writing.has(journalKeyOf(name))) continue;
    const bytes = await store.remove(name);
    if (bytes === null) continue;
    result.removedFiles += 1;
    result.removedBytes += bytes;
  }
  await journal.forgetDead();
  return result;
}
