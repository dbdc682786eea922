/**
 * The tables of notices, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

export interface NoticeTable {
  id: string;
  edition_id: string;
  title: string;
  content: string;
  /** account type the notice is for, null for everyone */
  audience: string | null;
  release_time: string;
  /** for one unit only (migration 0003), null = everyone of the audience */
  unit_id: string | null;
  /** migration 0009: the organiser's publication this row was written for */
  publication_id?: string | null;
  /** migration 0033: a notice the portal writes itself is read in the reader's language from these keys */
  title_key?: string | null;
  content_key?: string | null;
  /** JSON object of the values filled into both keys' texts */
  text_params?: string | null;
}

export interface NoticeReadTable {
  notice_id: string;
  account_id: string;
  read_at: string;
}

/** migration 0009: a notice as the organiser wrote it, and whom it is for */
export interface NoticePublicationTable {
  id: string;
  edition_id: string;
  title: string;
  content: string;
  /** JSON array of account types, [] = every account type */
  audiences: string;
  /** JSON array of unit ids, [] = every unit */
  unit_ids: string;
  /** 'draft' | 'published' */
  status: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

declare module '../../db/tables.js' {
  interface Database {
    notices: NoticeTable;
    notice_reads: NoticeReadTable;
    notice_publications: NoticePublicationTable;
  }
}
