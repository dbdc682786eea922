import type { Db } from '../db/database.js';

/**
 * The columns of a kept file, whoever keeps it: the `uploads` table and the temporary pages'
 * `temporary_uploads` (features/temporary/temporary-tables.ts) add only who the file belongs to.
 */
export interface KeptFileColumns {
  id: string;
  rule_name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  original_name: string;
  storage_name: string;
  created_at: string;
}

/** Row of the `uploads` table (migration 0002-uploads). */
export interface UploadTable extends KeptFileColumns {
  owner_account_id: string;
  unit_id: string | null;
}

/**
 * The table is declared here rather than in db/tables.ts (owned by the server part), and added
 * to the database type with Kysely's `withTables`.
 */
export class UploadRepository {
  private readonly db;

  constructor(db: Db) {
    this.db = db.withTables<{ uploads: UploadTable }>();
  }

  /**
   * Inserts the row and, in the same transaction, runs `place` (the rename into storage): the
   * row commits only once its file is in place, so a row never points at a missing file; a
   * crash in between leaves at most an unreferenced file, which the sweep removes.
   */
  async insertWith(row: UploadTable, place: () => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('uploads').values(row).execute();
      await place();
    });
  }

  async find(id: string): Promise<UploadTable | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
