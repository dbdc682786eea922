/**
 * The tables of downloads and the content screens' records, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

/** A published download (migration 0010); the file is a row of `uploads`. */
export interface DownloadTable {
  id: string;
  edition_id: string;
  title: string;
  /** 'guideline' | 'agenda' | 'other' */
  category: string;
  description: string | null;
  file_id: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Schema documents of the content screens (migration 0010); `kind` is the schema name. */
export interface ContentRecordTable {
  id: string;
  kind: string;
  edition_id: string | null;
  unit_id: string | null;
  title: string;
  search_text: string;
  tag: string | null;
  document: string;
  schema_version: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/tables.js' {
  interface Database {
    downloads: DownloadTable;
    content_records: ContentRecordTable;
  }
}
