/**
 * The tables of messages of good wishes, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

/** message of good wishes of a unit (migration 0007): one per unit and edition */
export interface GoodWishTable {
  id: string;
  edition_id: string;
  unit_id: string;
  /** the account that saved it last */
  account_id: string;
  /** good-wishes document as JSON */
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/tables.js' {
  interface Database {
    good_wishes: GoodWishTable;
  }
}
