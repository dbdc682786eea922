/**
 * The tables of the summit editions, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

export interface EditionTable {
  id: string;
  year: number;
  name: string;
  is_current: number;
  created_at: string;
  /** organisers' overrides of config/edition.json as JSON (migration 0003), null = defaults */
  settings: string | null;
}

declare module '../../db/tables.js' {
  interface Database {
    editions: EditionTable;
  }
}
