import type { Db } from '../db/database.js';

/** Row of the `uploads` table (migration 0002-uploads). */
export interface UploadTable {
  id: string;
  owner_account_id: string;
  unit_id: string | null;
  rule_name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  original_name: string;
  storage_name: string;
  created_at: string;
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

  async insert(row: UploadTable): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  async find(id: string): Promise<UploadTable | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
