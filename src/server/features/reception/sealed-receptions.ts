import type { AnyDb } from '../../db/database.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { SealedColumnProgress } from '../../security/sealed-columns.js';
import { resealDocumentColumn } from '../../security/sealed-document-columns.js';

type Row = Record<string, unknown>;
type Document = Record<string, unknown>;

/** The schema of a reception arrangement; its receptionist phones are marked x-sensitive. */
export const RECEPTION_SCHEMA = 'reception';

/**
 * Reception arrangements organisers write per guest and per entourage member (a receptionist's
 * name and mobile for each station and hotel), stored as JSON text beside the person's document.
 * The mobile is a private person's: sealed in place like the documents of sealed-stores.ts, in
 * columns of their own (the stores there own the `document` column). keys:rotate and the
 * retention purge walk this one list (migration 0022 sealed the columns as they were then).
 */
export const SEALED_RECEPTIONS = [
  { table: 'guests', column: 'reception' },
  { table: 'entourage_members', column: 'reception' },
] as const;

/** What a write stores: the arrangement with every receptionist phone sealed. */
export function sealReception(protection: DataProtection, reception: Document, editionId: string): string {
  return JSON.stringify(protection.sealDocument(RECEPTION_SCHEMA, reception, editionId));
}

/** What a reader gets: the stored arrangement opened (null when none was set). */
export function openReception(protection: DataProtection, stored: string | null | undefined): Document | null {
  return stored ? protection.openJson(RECEPTION_SCHEMA, stored) : null;
}

export type ReceptionProgress = SealedColumnProgress;

/** keys:rotate: every arrangement sealed under its edition's key (see resealDocumentColumn). */
export async function resealReceptions(
  db: AnyDb,
  protection: DataProtection,
  options: { batchSize?: number; inTransaction?: boolean } = {},
): Promise<ReceptionProgress[]> {
  const out: ReceptionProgress[] = [];
  for (const { table, column } of SEALED_RECEPTIONS)
    out.push(await resealDocumentColumn(db, protection, { table, column, schema: RECEPTION_SCHEMA, editionColumn: 'edition_id' }, options));
  return out;
}

/**
 * Retention purge: the edition's arrangements lose their receptionist phones (places and names
 * stay, like the rest of the edition's history).
 */
export async function eraseReceptions(db: AnyDb, protection: DataProtection, editionId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of SEALED_RECEPTIONS) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', column])
      .where('edition_id', '=', editionId)
      .where(column, 'is not', null)
      .execute()) as Row[];
    for (const row of rows) {
      const stored = JSON.parse(String(row[column])) as Document;
      await db
        .updateTable(table)
        .set({ [column]: JSON.stringify(protection.eraseDocument(RECEPTION_SCHEMA, stored)) })
        .where('id', '=', row.id)
        .execute();
    }
    counts[`${table}.${column}`] = rows.length;
  }
  return counts;
}
