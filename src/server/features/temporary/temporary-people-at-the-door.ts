import { sql, type RawBuilder } from 'kysely';
import fs from 'node:fs';
import type { TemporaryPeopleAtTheDoor, TemporaryPersonAtTheDoor } from '../door/temporary-people-at-the-door.js';
import type { TemporaryDb } from './temporary-tables.js';
import type { TemporaryUploads } from './temporary-uploads.js';

/**
 * The temporary feature's answer to the door's "who is this person": the registration's name,
 * type, bound event and status from its row, the picture from the temporary pictures. The
 * mobile and the rest of the sealed document are never read here: a badge needs none of them.
 */
export class TemporaryRegistrationsAtTheDoor implements TemporaryPeopleAtTheDoor {
  constructor(
    private readonly db: TemporaryDb,
    private readonly uploads: TemporaryUploads,
  ) {}

  async of(editionId: string, ids: string[]): Promise<Map<string, TemporaryPersonAtTheDoor>> {
    const found = new Map<string, TemporaryPersonAtTheDoor>();
    if (ids.length === 0) return found;
    const rows = await this.db
      .selectFrom('temporary_registrations')
      .select(['id', 'name', 'registration_type', 'event_name', 'status'])
      .where('edition_id', '=', editionId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    for (const row of rows) {
      found.set(row.id, {
        id: row.id,
        name: row.name,
        registrationType: row.registration_type,
        eventName: row.event_name,
        approved: row.status === 'approved',
        photo: () => this.photo(row.id),
      });
    }
    return found;
  }

  columnsOf(idColumn: string): { name: RawBuilder<string | null>; eventName: RawBuilder<string | null> } {
    const column = (name: 'name' | 'event_name') =>
      sql<
        string | null
      >`(select ${sql.ref(`temporary_registrations.${name}`)} from temporary_registrations where temporary_registrations.id = ${sql.ref(idColumn)})`;
    return { name: column('name'), eventName: column('event_name') };
  }

  private async photo(registrationId: string): Promise<Buffer | null> {
    const picture = await this.uploads.pictureOf(registrationId);
    if (!picture) return null;
    try {
      return await fs.promises.readFile(picture.filePath);
    } catch {
      return null;
    }
  }
}
