import type { Generated } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SealedStore } from '../../privacy/sealed-stores.js';
import type { KeptFileColumns } from '../../uploads/upload-repository.js';
import { erasedKey, mobileIndexColumn } from '../../security/sealed-documents.js';

/** Tables of migration 0008-temporary (kept beside their code, added with Kysely's withTables). */
export interface TemporaryCodeTable {
  id: string;
  edition_id: string;
  code: string;
  /** worker | volunteer | media; null: the code serves all three pages */
  registration_type: string | null;
  /** null answers "no event bound" */
  event_name: string | null;
  /** onsite | online; null answers "no attendance mode" */
  attendance_mode: string | null;
  /** 1 answers "event discarded" */
  event_discarded: Generated<number>;
  created_at: string;
}

/** A kept file (its columns are the uploads' own) waiting for, or held by, a registration. */
export interface TemporaryUploadTable extends KeptFileColumns {
  registration_id: string | null;
}

export interface TemporaryRegistrationTable {
  id: string;
  edition_id: string;
  registration_type: string;
  invite_code: string;
  name: string;
  /** HMAC blind index of the mobile (migration 0017 renamed the clear `mobile`; unique per edition and type) */
  mobile_index: string;
  event_name: string;
  attendance_mode: string;
  picture_id: string;
  account_id: string | null;
  /** the validated temporary-registration document as JSON */
  document: string;
  schema_version: number;
  /** pending | approved | rejected */
  status: string;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface TemporaryRecommendationTable {
  id: string;
  edition_id: string;
  invitee_name: string;
  /** HMAC blind index of the recommender's mobile since migration 0017 (the mobile is sealed in `document`) */
  recommender_mobile: string;
  document: string;
  schema_version: number;
  created_at: string;
}

// a type alias (not an interface): withTables needs an index-signature-compatible record
export type TemporaryTables = {
  temporary_codes: TemporaryCodeTable;
  temporary_uploads: TemporaryUploadTable;
  temporary_registrations: TemporaryRegistrationTable;
  temporary_recommendations: TemporaryRecommendationTable;
};

export type TemporaryDb = ReturnType<typeof temporaryDb>;

export function temporaryDb(db: Db) {
  return db.withTables<TemporaryTables>();
}

/** Temporary registrations and recommendations: sealed mobiles, found by their blind indexes. */
export const temporarySealedStores: SealedStore[] = [
  {
    table: 'temporary_registrations',
    columns: ['mobile_index'],
    schemaOf: () => 'temporary-registration',
    derive: (p, clear, row) => ({
      mobile_index: mobileIndexColumn(p, clear.mobile, row.mobile_index) ?? erasedKey(row),
    }),
    erased: (row) => ({ mobile_index: erasedKey(row) }),
  },
  {
    table: 'temporary_recommendations',
    schemaOf: () => 'temporary-recommend-invite',
    columns: ['recommender_mobile'],
    derive: (p, clear, row) => ({
      recommender_mobile: mobileIndexColumn(p, clear.recommenderMobile, row.recommender_mobile) ?? erasedKey(row),
    }),
    erased: (row) => ({ recommender_mobile: erasedKey(row) }),
    // the invitee's mobile was stored in clear before its schema marked it sensitive
    erasedFields: ['inviteeMobile'],
  },
];
