import type { Db } from '../../db/database.js';

/**
 * What guests need of the activities above them: when a guest or an entourage member goes, their
 * activity places are freed (promoting people waiting) in the same transaction. Activities
 * implement it; composition.ts hands it to the guest services.
 */
export interface ActivityPlaces {
  releasePerson(
    trx: Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom' | 'withTables'>,
    person: { guestId: string } | { memberId: string },
  ): Promise<void>;
}
