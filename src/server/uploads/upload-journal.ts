import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/database.js';
import { systemClock } from '../clock.js';

/** Rows of migration 0014-upload-journal. */
export type UploadJournalTables = {
  upload_writers: { id: string; host: string; pid: number; heartbeat_at: string };
  upload_journal: { name: string; writer_id: string; started_at: string };
};

export interface UploadWriter {
  id: string;
  host: string;
  pid: number;
}

/** This process, as a writer of the upload store (a fresh id per start: a restart is a new writer). */
export const thisWriter: UploadWriter = { id: randomUUID(), host: os.hostname(), pid: process.pid };

/** A writer shows it lives this often... */
export const HEARTBEAT_MS = 30_000;
/** ...and one silent for this long is dead (another host's process cannot be asked directly). */
export const WRITER_STALE_MS = 4 * HEARTBEAT_MS;

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a writer may still be writing: this process always; one on this host while its
 * process exists and it has shown life lately (a killed process is dead at once, whatever its
 * last heartbeat); one on another host while its heartbeat is fresh.
 */
export function writerAlive(writer: UploadTableWriter, now: number, self: UploadWriter = thisWriter): boolean {
  if (writer.id === self.id) return true;
  if (now - Date.parse(writer.heartbeat_at) > WRITER_STALE_MS) return false;
  if (writer.host === self.host) return processExists(Number(writer.pid));
  return true;
}

type UploadTableWriter = UploadJournalTables['upload_writers'];

/**
 * Files being written, by whom. A request journals a name (committed) BEFORE the file exists and
 * forgets it only after the file is discarded or its row committed; the sweep spares journaled
 * files of live writers and removes everything else without a row, whatever its age.
 */
export class UploadJournal {
  private readonly db;

  constructor(
    db: Db,
    private readonly writer: UploadWriter = thisWriter,
  ) {
    this.db = db.withTables<UploadJournalTables>();
  }

  /** Announces this writer (at start, before the first sweep) and refreshes its heartbeat. */
  async heartbeat(): Promise<void> {
    const row = { ...this.writer, heartbeat_at: systemClock.nowIso() };
    await this.db
      .insertInto('upload_writers')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ heartbeat_at: row.heartbeat_at }))
      .execute();
  }

  /** Runs `work` with `names` journaled: the names are committed before it starts and forgotten after it ends. */
  async around<T>(names: string[], work: () => Promise<T>): Promise<T> {
    const startedAt = systemClock.nowIso();
    await this.db
      .insertInto('upload_journal')
      .values(names.map((name) => ({ name, writer_id: this.writer.id, started_at: startedAt })))
      .execute();
    try {
      return await work();
    } finally {
      await this.db.deleteFrom('upload_journal').where('name', 'in', names).where('writer_id', '=', this.writer.id).execute();
    }
  }

  /** Names journaled by live writers. */
  async liveNames(now = systemClock.now().getTime()): Promise<Set<string>> {
    const writers = await this.db.selectFrom('upload_writers').selectAll().execute();
    const alive = new Set(writers.filter((writer) => writerAlive(writer, now, this.writer)).map((writer) => writer.id));
    alive.add(this.writer.id);
    const rows = await this.db.selectFrom('upload_journal').select(['name', 'writer_id']).execute();
    return new Set(rows.filter((row) => alive.has(row.writer_id)).map((row) => row.name));
  }

  /** Forgets dead writers and their journal (their files were swept or committed). */
  async forgetDead(now = systemClock.now().getTime()): Promise<void> {
    const writers = await this.db.selectFrom('upload_writers').selectAll().execute();
    const dead = writers.filter((writer) => !writerAlive(writer, now, this.writer)).map((writer) => writer.id);
    const liveIds = writers.map((writer) => writer.id).filter((id) => !dead.includes(id));
    // journal rows of writers that are gone or never announced themselves (and are not this one)
    await this.db
      .deleteFrom('upload_journal')
      .where('writer_id', 'not in', [...liveIds, this.writer.id])
      .execute();
    if (dead.length > 0) await this.db.deleteFrom('upload_writers').where('id', 'in', dead).execute();
  }
}
