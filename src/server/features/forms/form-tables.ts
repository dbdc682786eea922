import type { Db } from '../../db/database.js';

/** Form versions (migration 0034), owned here and added to the database type with Kysely's `withTables`. */
export interface FormVersionTable {
  form_name: string;
  version: number;
  /** draft | published | retired: a published or retired row never changes but for retiring */
  state: string;
  revision: number;
  /** JSON: the source schema, the UI schemas by file name, the labels of each language */
  schema: string;
  ui_schemas: string;
  labels_zh: string;
  labels_en: string;
  /** a rollback: the version it copies */
  copy_of: number | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  updated_by: string;
  updated_by_name: string;
  updated_at: string;
  published_by: string | null;
  published_by_name: string | null;
  published_at: string | null;
  retired_by: string | null;
  retired_by_name: string | null;
  retired_at: string | null;
}

/** A compiled validator module, by the sha256 of its code (served at /form-validators/<sha256>.js). */
export interface FormValidatorModuleTable {
  sha256: string;
  code: string;
  created_at: string;
}

// a type, not an interface: Kysely's withTables wants an indexable record
export type FormTables = {
  form_versions: FormVersionTable;
  form_validator_modules: FormValidatorModuleTable;
};

export function formsDb(db: Db) {
  return db.withTables<FormTables>();
}

export type FormsDb = ReturnType<typeof formsDb>;
