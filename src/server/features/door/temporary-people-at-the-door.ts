import type { RawBuilder } from 'kysely';

/**
 * A temporary registration as the door shows it: people who register on the day, without a unit,
 * and whom organisers approve. The door owns this question and the temporary feature, above it,
 * answers it (wired in composition.ts), so the door never reads the temporary tables itself.
 */
export interface TemporaryPersonAtTheDoor {
  id: string;
  name: string;
  /** worker | volunteer | media */
  registrationType: string;
  /** the event the registration's code bound: printed where a guest's badge has the unit */
  eventName: string;
  /** only an approved registration gets a badge */
  approved: boolean;
  /** the registration's picture, or null (none stored, or its file is gone) */
  photo(): Promise<Buffer | null>;
}

export interface TemporaryPeopleAtTheDoor {
  /** The registrations of the edition among `ids`, keyed by id (an unknown id is absent). */
  of(editionId: string, ids: string[]): Promise<Map<string, TemporaryPersonAtTheDoor>>;
  /** The registration's name and event as SQL expressions over a column holding its id (`badges.temporary_id`), for the door's lists to filter and sort by. */
  columnsOf(idColumn: string): { name: RawBuilder<string | null>; eventName: RawBuilder<string | null> };
}
