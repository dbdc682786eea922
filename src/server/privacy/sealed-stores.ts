import type { Kysely } from 'kysely';
import { searchTextOf } from '../features/content/content-records.js';
import type { DataProtection } from '../security/data-protection.js';
import {
  blindIndexOf,
  erasedKey,
  resealDocuments,
  mobileIndexColumn,
  type ResealProgress,
  type SealedDocumentStore,
} from '../security/sealed-documents.js';

type Row = Record<string, unknown>;
// the stores are walked by table name (rotation, purge): rows are plain records here
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Every table holding personal data sealed by DataProtection: its document column, the schema
 * naming the document's sensitive fields, and the columns derived from the clear values
 * (blind indexes, masks, search text). keys:rotate and the retention purge walk this one list,
 * so a new store is one entry here (migration 0017 sealed the stores as they were then).
 */
export interface SealedStore extends SealedDocumentStore {
  /** the same columns once the edition's personal data is erased */
  erased: (row: Row) => Row;
}

export const SEALED_STORES: SealedStore[] = [
  {
    table: 'guests',
    columns: ['mobile_index'],
    schemaOf: () => 'guest',
    derive: (p, clear, row) => ({
      id_number_hash: blindIndexOf(p, 'idNumber', clear.idNumber),
      mobile_index: mobileIndexColumn(p, clear.mobile, row.mobile_index),
    }),
    erased: () => ({ id_number_hash: null, id_number_masked: null, mobile_index: null }),
  },
  {
    table: 'entourage_members',
    columns: ['id_number_hash'],
    schemaOf: () => 'entourage-member',
    // not null (unique per edition): a purged member keeps its erased key
    derive: (p, clear, row) => ({ id_number_hash: blindIndexOf(p, 'idNumber', clear.idNumber) ?? String(row.id_number_hash) }),
    erased: (row) => ({ id_number_hash: erasedKey(row), id_number_masked: '' }),
  },
  {
    table: 'content_records',
    columns: ['kind'],
    schemaOf: (row) => String(row.kind),
    derive: (_p, clear, row) => ({ search_text: searchTextOf(String(row.kind), clear) }),
    erased: () => ({}),
  },
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
  },
  {
    // the unit form's contact mobile (a registration stub holds no unit-schema field)
    table: 'units',
    columns: [],
    schemaOf: () => 'unit',
    derive: () => ({}),
    erased: () => ({}),
  },
];

export type { ResealProgress };

/** keys:rotate: every store's documents under the current key (see resealDocuments). */
export async function resealStores(
  db: AnyDb,
  protection: DataProtection,
  options: { batchSize?: number; inTransaction?: boolean; onBatch?: (p: ResealProgress) => void } = {},
): Promise<ResealProgress[]> {
  return resealDocuments(db, protection, SEALED_STORES, options);
}
