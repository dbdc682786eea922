import type { AnyDb } from '../db/database.js';
import type { DataProtection } from '../security/data-protection.js';
import { resealDocuments, type ResealProgress, type SealedDocumentStore } from '../security/sealed-documents.js';

type Row = Record<string, unknown>;

/**
 * A table holding personal data sealed by DataProtection: its document column, the schema naming
 * the document's sensitive fields, and the columns derived from the clear values (blind indexes,
 * masks, search text). Each feature declares its own; composition.ts lists them all
 * (SEALED_STORES), which keys:rotate and the retention purge walk (migration 0017 sealed the
 * stores as they were then).
 */
export interface SealedStore extends SealedDocumentStore {
  /** the same columns once the edition's personal data is erased */
  erased: (row: Row) => Row;
  /**
   * top-level document fields the purge removes besides the schema's sensitive ones, whatever
   * form they are stored in (a personal value some stored documents keep in clear)
   */
  erasedFields?: readonly string[];
}

export type { ResealProgress };

/** keys:rotate: every store's documents under their edition's key (see resealDocuments); every store names its edition. */
export async function resealStores(
  db: AnyDb,
  protection: DataProtection,
  stores: readonly SealedStore[],
  options: { batchSize?: number; inTransaction?: boolean; onBatch?: (p: ResealProgress) => void } = {},
): Promise<ResealProgress[]> {
  return resealDocuments(db, protection, stores, { ...options, editionColumn: 'edition_id' });
}
