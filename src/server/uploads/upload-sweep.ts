import type { Db } from '../db/database.js';
import type { UploadJournal } from './upload-journal.js';
import type { UploadStore } from './upload-storage.js';

/**
 * The names of the files a feature keeps in the upload store in a table of its own (the
 * temporary pages' pictures): features add theirs in composition.ts, so the sweep spares them
 * without reading their tables.
 */
export type KeptFileNames = () => Promise<readonly string[]>;

export interface SweepResult {
  removedFiles: number;
  removedBytes: number;
}

/** A file made from a journaled one while it is processed (the re-encoded picture: `<name>.clean`). */
const journalKeyOf = (name: string) => name.replace(/\.clean$/, '');

/**
 * Removes what a crash or a failed write left in the upload store (UPLOAD_DIR): every file that
 * no upload row and no feature's own table names and no live writer is writing
 * (upload-journal.ts), whatever its age; rows are never removed (a row commits only once its
 * file is in place). Order matters: the store is listed first, then the journal read, then the
 * rows: a file listed was journaled before it existed, and a name forgotten by the journal had
 * its row committed before, so one of the two reads sees it.
 */
export async function sweepUploadStore(
  db: Db,
  store: Pick<UploadStore, 'list' | 'remove'>,
  journal: UploadJournal,
  keptElsewhere: readonly KeptFileNames[],
): Promise<SweepResult> {
  const names = await store.list();
  const writing = await journal.liveNames();
  const rows = await db.selectFrom('uploads').select('storage_name').execute();
  const referenced = new Set(rows.map((row) => row.storage_name));
  for (const keptNames of keptElsewhere) for (const name of await keptNames()) referenced.add(name);
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
