import type { Kysely } from 'kysely';

/** what a registration once copied into the unit's first document and no longer does */
const DROPPED = ['account', 'password', 'confirmPassword', 'code'] as const;

interface UnitsTable {
  units: { id: string; document: string | null; complete: number };
}

/**
 * The registration copied its whole body, sign-in name included, into the unit's first
 * document (the stub the unit form starts from until it is saved). The route keeps it out since
 * the sign-in names were sealed (0019); this clears it from the stubs written before, so a
 * mobile used as the sign-in name is in no unit document. Saved unit forms never held it.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<UnitsTable>;
  const stubs = await db.selectFrom('units').select(['id', 'document']).where('complete', '=', 0).execute();
  for (const stub of stubs) {
    const document = parse(stub.document);
    if (!document || !DROPPED.some((key) => key in document)) continue;
    for (const key of DROPPED) delete document[key];
    await db
      .updateTable('units')
      .set({ document: JSON.stringify(document) })
      .where('id', '=', stub.id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // nothing to restore: the names were never needed there
}

function parse(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
