import type { Kysely } from 'kysely';
import { searchTextOf } from '../features/content/content-records.js';
import type { DataProtection } from '../security/data-protection.js';
import type { SensitiveKind } from '../security/blind-index.js';
import { sensitiveFields } from '../security/sensitive-fields.js';

type Row = Record<string, unknown>;
type Document = Record<string, unknown>;
// the stores are walked by table name (migration, rotation, purge): rows are plain records here
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Every table holding personal data sealed by DataProtection: its document column, the schema
 * naming the document's sensitive fields, and the columns derived from the clear values
 * (blind indexes, masks, search text). Migration 0017 (first sealing), keys:rotate and the
 * retention purge walk this one list, so a new store is one entry here.
 */
export interface SealedStore {
  table: string;
  /** extra columns the derivation reads */
  columns: string[];
  schemaOf: (row: Row) => string;
  /** the columns recomputed from the clear document (indexes, search text) */
  derive: (protection: DataProtection, clear: Document, row: Row) => Row;
  /** the same columns once the edition's personal data is erased */
  erased: (row: Row) => Row;
}

const index = (protection: DataProtection, kind: SensitiveKind, value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? protection.index(kind, value) : null;

/** An index column as stored: kept when it is already an index, indexed when it still holds the clear mobile (before 0017). */
const indexed = (protection: DataProtection, value: unknown): string | null =>
  typeof value !== 'string' || value === '' ? null : /^[0-9a-f]{64}$/.test(value) ? value : protection.index('mobile', value);

/** A column a unique index covers cannot be null or shared once erased: the row's own id fills it. */
const erasedKey = (row: Row) => `erased:${String(row.id)}`;

export const SEALED_STORES: SealedStore[] = [
  {
    table: 'guests',
    columns: ['mobile_index'],
    schemaOf: () => 'guest',
    derive: (p, clear, row) => ({
      id_number_hash: index(p, 'idNumber', clear.idNumber),
      mobile_index: index(p, 'mobile', clear.mobile) ?? indexed(p, row.mobile_index),
    }),
    erased: () => ({ id_number_hash: null, id_number_masked: null, mobile_index: null }),
  },
  {
    table: 'entourage_members',
    columns: ['id_number_hash'],
    schemaOf: () => 'entourage-member',
    // not null (unique per edition): a purged member keeps its erased key
    derive: (p, clear, row) => ({ id_number_hash: index(p, 'idNumber', clear.idNumber) ?? String(row.id_number_hash) }),
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
    derive: (p, clear, row) => ({ mobile_index: index(p, 'mobile', clear.mobile) ?? indexed(p, row.mobile_index) ?? erasedKey(row) }),
    erased: (row) => ({ mobile_index: erasedKey(row) }),
  },
  {
    table: 'temporary_recommendations',
    schemaOf: () => 'temporary-recommend-invite',
    columns: ['recommender_mobile'],
    derive: (p, clear, row) => ({
      recommender_mobile: index(p, 'mobile', clear.recommenderMobile) ?? indexed(p, row.recommender_mobile) ?? erasedKey(row),
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

export interface ResealProgress {
  table: string;
  resealed: number;
  scanned: number;
}

/**
 * Re-seals every sensitive value of every store under the current key (clear values of old
 * rows get sealed, values under older keys are opened and sealed again) and recomputes the
 * derived columns. Batched by id, one transaction per batch: an interrupted run loses no row
 * and a second run continues where it stopped (rows already under the current key are skipped).
 */
export async function resealStores(
  db: AnyDb,
  protection: DataProtection,
  options: { batchSize?: number; inTransaction?: boolean; all?: boolean; onBatch?: (p: ResealProgress) => void } = {},
): Promise<ResealProgress[]> {
  const batchSize = options.batchSize ?? 500;
  const out: ResealProgress[] = [];
  for (const store of SEALED_STORES) {
    const progress: ResealProgress = { table: store.table, resealed: 0, scanned: 0 };
    let after = '';
    for (;;) {
      const rows = (await db
        .selectFrom(store.table)
        .select(['id', 'document', ...store.columns])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute()) as Row[];
      if (rows.length === 0) break;
      const batch = async (executor: AnyDb) => {
        for (const row of rows) {
          const schema = store.schemaOf(row);
          const stored = JSON.parse(String(row.document)) as Document;
          // `all`: the first sealing (migration 0017) derives every row's index columns
          if (!options.all && !protection.needsResealing(schema, stored)) continue;
          const clear = protection.openDocument(schema, stored);
          await executor
            .updateTable(store.table)
            .set({ document: JSON.stringify(protection.sealDocument(schema, clear)), ...store.derive(protection, clear, row) })
            .where('id', '=', row.id)
            .execute();
          progress.resealed += 1;
        }
      };
      if (options.inTransaction === false) await batch(db);
      else await db.transaction().execute(batch);
      progress.scanned += rows.length;
      after = String(rows[rows.length - 1]!.id);
      options.onBatch?.(progress);
    }
    out.push(progress);
  }
  return out;
}

/** Content kinds whose documents the audit log copied whole before 0017 (their `before`/`after`). */
const AUDITED_DOCUMENT_KINDS = ['historical-guest', 'vehicle', 'unofficial-guest'];

/**
 * The audit log's copies of content documents, written before 0017 with clear values: masked in
 * place (an audit entry keeps what changed, never a whole number). Later entries are masked
 * when written (ContentRecords).
 */
export async function maskAuditedDocuments(db: AnyDb, protection: DataProtection): Promise<number> {
  const kinds = AUDITED_DOCUMENT_KINDS.filter((kind) => sensitiveFields(kind).length > 0);
  const rows = (await db
    .selectFrom('audit_log')
    .select(['id', 'target_type', 'before_value', 'after_value'])
    .where('target_type', 'in', kinds)
    .execute()) as Row[];
  const mask = (kind: string, text: unknown): string | null => {
    if (typeof text !== 'string') return null;
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? JSON.stringify(protection.maskDocument(kind, value as Document))
      : text;
  };
  for (const row of rows) {
    const kind = String(row.target_type);
    await db
      .updateTable('audit_log')
      .set({ before_value: mask(kind, row.before_value), after_value: mask(kind, row.after_value) })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
