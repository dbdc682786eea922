import type { Db } from '../db/database.js';
import type { DataProtection } from '../security/data-protection.js';

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
  /** the name the file had on the uploader's machine, sealed at rest (a name can be a person's ID number) */
  original_name: string;
  storage_name: string;
  created_at: string;
}

/** Row of the `uploads` table (migration 0002-uploads). */
export interface UploadTable extends KeptFileColumns {
  owner_account_id: string;
  unit_id: string | null;
}

declare module '../db/tables.js' {
  interface Database {
    uploads: UploadTable;
  }
}

/** The `uploads` table's rows: declared above, beside the code that owns them. */
export class UploadRepository {
  constructor(
    private readonly db: Db,
    private readonly protection: DataProtection,
    /** the edition whose key seals the file's original name (the current one): shredded with it by the purge */
    private readonly sealingEdition: () => Promise<string | null>,
  ) {}

  /**
   * Inserts the row and, in the same transaction, runs `place` (the rename into storage): the
   * row commits only once its file is in place, so a row never points at a missing file; a
   * crash in between leaves at most an unreferenced file, which the sweep removes.
   */
  async insertWith(row: UploadTable, place: () => Promise<void>): Promise<void> {
    const editionId = await this.sealingEdition();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('uploads')
        .values({ ...row, original_name: this.protection.seal(row.original_name, editionId) })
        .execute();
      await place();
    });
  }

  /** The row with its file name opened. */
  async find(id: string): Promise<UploadTable | undefined> {
    const row = await this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, original_name: this.protection.open(row.original_name) };
  }
}
