/**
 * The tables of units (organisations), declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */
import type { Generated } from 'kysely';

export interface UnitTable {
  id: string;
  edition_id: string;
  unit_type: string;
  name: string;
  /** the validated registration document as JSON */
  document: string;
  schema_version: number;
  created_at: string;
  /** 1 once the unit-information form was saved (migration 0003, default 0) */
  complete: Generated<number>;
  updated_at: string | null;
}

declare module '../../db/tables.js' {
  interface Database {
    units: UnitTable;
  }
}
