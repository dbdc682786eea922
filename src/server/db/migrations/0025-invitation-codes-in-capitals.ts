import type { Kysely } from 'kysely';

interface CodesTables {
  invitation_codes: { code: string; edition_id: string; created_at: string };
  guests: { edition_id: string; invitation_code: string | null };
}

/**
 * Invitation codes compare case-insensitively, by keeping them in capitals (the look-up
 * reads a typed code in capitals, an equality on the primary key). Generated and demo codes
 * always were; this puts any other stored code in capitals, and the guests who used it with it,
 * so their code filter and usage counts still find them.
 *
 * Two stored codes may differ only in case (abc and ABC): the primary key allows one of them in
 * capitals. The migration must not fail on them, and renaming either to something else would
 * change a code people were handed. So a code whose capitals are already stored (or were taken
 * by an older code of the same letters, oldest first) is left as it was: typed exactly as stored
 * it is still found (invitation-codes.ts looks for the code as typed first), in any other case
 * the code in capitals answers.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<CodesTables>;
  const codes = await db.selectFrom('invitation_codes').select(['code', 'edition_id']).orderBy('created_at').orderBy('code').execute();
  const stored = new Set(codes.map((row) => row.code));
  for (const { code, edition_id: editionId } of codes) {
    const capitals = code.trim().toUpperCase();
    if (capitals === code || stored.has(capitals)) continue;
    await db.updateTable('invitation_codes').set({ code: capitals }).where('code', '=', code).execute();
    await db
      .updateTable('guests')
      .set({ invitation_code: capitals })
      .where('edition_id', '=', editionId)
      .where('invitation_code', '=', code)
      .execute();
    stored.delete(code);
    stored.add(capitals);
  }
}

export async function down(): Promise<void> {
  // the case a code was first written in is not kept: codes in capitals work before this migration too
}
