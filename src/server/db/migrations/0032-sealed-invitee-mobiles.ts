import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { batches } from '../../security/sealed-columns.js';
import { isSealed } from '../../security/sealed-values.js';

// rows are plain records here
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A recommendation's invitee mobile (`inviteeMobile` of its document in
 * `temporary_recommendations`) was kept in clear: the schema now marks it sensitive, so new
 * recommendations seal it in place like the recommender's mobile, and this seals the stored
 * ones in the migrator's transaction. The retention purge and keys:rotate then treat it like
 * every other sealed mobile of the store.
 */
export function sealedInviteeMobiles(protection: DataProtection): Migration {
  return {
    async up(kysely: Kysely<unknown>): Promise<void> {
      const db = kysely as AnyDb;
      await batches(
        db,
        'temporary_recommendations',
        ['id', 'document'],
        async (rows) => {
          for (const row of rows) {
            const document = JSON.parse(String(row.document)) as Record<string, unknown>;
            const mobile = document.inviteeMobile;
            if (typeof mobile !== 'string' || mobile === '' || isSealed(mobile)) continue;
            await db
              .updateTable('temporary_recommendations')
              .set({ document: JSON.stringify({ ...document, inviteeMobile: protection.seal(mobile) }) })
              .where('id', '=', row.id)
              .execute();
          }
        },
        500,
      );
    },
    async down(): Promise<void> {
      // sealed values stay sealed: going back would mean writing mobiles in clear again
    },
  };
}
