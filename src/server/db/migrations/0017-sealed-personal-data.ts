import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { clearSearchText } from '../../security/search-text.js';
import { blindIndexOf, erasedKey, resealDocuments, mobileIndexColumn, type SealedDocumentStore } from '../../security/sealed-documents.js';
import { sensitiveFields } from '../../security/sensitive-fields.js';

// rows are plain records while the tables change
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Document = Record<string, unknown>;

/** The fields the content keyword search read, by kind (the search text is rebuilt without the sealed ones). */
const SEARCHED_CONTENT_FIELDS: Record<string, string[]> = {
  'historical-guest': ['nameZh', 'nameEn', 'unitName', 'position', 'inviter.name', 'inviter.organisation'],
  'investment-project': ['name', 'area', 'industry', 'location', 'projectManager', 'cooperationMode'],
  vehicle: ['plateNumber', 'driverName', 'driverMobile', 'passengers'],
  'unofficial-guest': ['nameZh', 'nameEn', 'activityName', 'organisation', 'mobile'],
};

/** The tables holding sealed personal data, each with the columns derived from its clear document. */
const STORES: SealedDocumentStore[] = [
  {
    table: 'guests',
    columns: ['mobile_index'],
    schemaOf: () => 'guest',
    derive: (p, clear, row) => ({
      id_number_hash: blindIndexOf(p, 'idNumber', clear.idNumber),
      mobile_index: mobileIndexColumn(p, clear.mobile, row.mobile_index),
    }),
  },
  {
    table: 'entourage_members',
    columns: ['id_number_hash'],
    schemaOf: () => 'entourage-member',
    // not null (unique per edition)
    derive: (p, clear, row) => ({ id_number_hash: blindIndexOf(p, 'idNumber', clear.idNumber) ?? String(row.id_number_hash) }),
  },
  {
    table: 'content_records',
    columns: ['kind'],
    schemaOf: (row) => String(row.kind),
    derive: (_p, clear, row) => ({
      search_text: clearSearchText(String(row.kind), SEARCHED_CONTENT_FIELDS[String(row.kind)] ?? [], clear),
    }),
  },
  {
    table: 'temporary_registrations',
    columns: ['mobile_index'],
    schemaOf: () => 'temporary-registration',
    derive: (p, clear, row) => ({ mobile_index: mobileIndexColumn(p, clear.mobile, row.mobile_index) ?? erasedKey(row) }),
  },
  {
    table: 'temporary_recommendations',
    columns: ['recommender_mobile'],
    schemaOf: () => 'temporary-recommend-invite',
    derive: (p, clear, row) => ({
      recommender_mobile: mobileIndexColumn(p, clear.recommenderMobile, row.recommender_mobile) ?? erasedKey(row),
    }),
  },
  // the unit form's contact mobile
  { table: 'units', columns: [], schemaOf: () => 'unit', derive: () => ({}) },
];

/** Content kinds whose documents the audit log copied whole (their `before`/`after`). */
const AUDITED_DOCUMENT_KINDS = ['historical-guest', 'vehicle', 'unofficial-guest'];

/**
 * The audit log's copies of content documents, written with clear values: masked in place (an
 * audit entry keeps what changed, never a whole number). Later entries are masked when written.
 */
async function maskAuditedDocuments(db: AnyDb, protection: DataProtection): Promise<void> {
  const kinds = AUDITED_DOCUMENT_KINDS.filter((kind) => sensitiveFields(kind).length > 0);
  const rows = (await db
    .selectFrom('audit_log')
    .select(['id', 'target_type', 'before_value', 'after_value'])
    .where('target_type', 'in', kinds)
    .execute()) as Record<string, unknown>[];
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
}

/**
 * No clear ID number or mobile at rest. The clear mobile columns become
 * blind-index columns (renamed, so their indexes and the temporary registrations' unique
 * constraint follow on both databases), and every existing row (demo data, old records) is
 * converted in this migration's transaction: sensitive document fields sealed, `id_number_hash`
 * (a plain SHA-256, reversible by enumerating ID numbers) and the mobile columns replaced by
 * HMAC blind indexes, content search text rebuilt without the sensitive fields. It needs the
 * keys, so migrate.ts builds it from the server's DataProtection. The tables and derived columns
 * are written here, as they were then, so later stores or search fields do not change it.
 */
export function sealedPersonalData(protection: DataProtection): Migration {
  return {
    async up(kysely: Kysely<unknown>): Promise<void> {
      const db = kysely as AnyDb;
      await db.schema.alterTable('guests').renameColumn('mobile', 'mobile_index').execute();
      await db.schema.alterTable('temporary_registrations').renameColumn('mobile', 'mobile_index').execute();
      // the migrator's transaction holds it all: a failed conversion leaves the database as it was
      await resealDocuments(db, protection, STORES, { inTransaction: false, all: true });
      await maskAuditedDocuments(db, protection);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // sealed values stay sealed: going back would mean writing personal data in clear again
      await db.schema.alterTable('guests').renameColumn('mobile_index', 'mobile').execute();
      await db.schema.alterTable('temporary_registrations').renameColumn('mobile_index', 'mobile').execute();
    },
  };
}
