import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

/** Attendance answers of guests who will not come: they get no badge. */
const NOT_COMING = ['not-attending', 'cancelled'];

/** A guest or an entourage member as the door shows them: names as registered, unit, photo. */
export interface PersonAtTheDoor {
  /** `g:<guest id>` or `m:<member id>`: one badge per key */
  personKey: string;
  guestId: string;
  memberId: string | null;
  unitId: string | null;
  nameZh: string;
  nameEn: string | null;
  unitName: string;
  /** the guest's type; null for an entourage member */
  guestType: string | null;
  /** the upload id of the photo */
  photoId: string | null;
}

export interface PersonRef {
  guestId: string;
  memberId: string | null;
}

function documentText(document: string | null | undefined, field: string): string | null {
  if (!document) return null;
  const value = (JSON.parse(document) as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The guests feature's answer to "who is this person" for the door: the guest and member rows
 * and the fields their documents hold (English name, photo) are read here, where those tables
 * are owned, so badges and check-in never parse a guest's document themselves.
 */
export class PeopleAtTheDoor {
  constructor(private readonly db: Db) {}

  /** The people of a unit who get a badge (approved guests who are coming, then their entourage), or of one guest of it. */
  async ofUnit(editionId: string, unitId: string, guestId: string | null): Promise<PersonAtTheDoor[]> {
    let guests = this.db
      .selectFrom('guests')
      .innerJoin('units', 'units.id', 'guests.unit_id')
      .select(['guests.id', 'guests.name', 'guests.name_en', 'guests.guest_type', 'guests.document', 'units.name as unit_name'])
      .where('guests.edition_id', '=', editionId)
      .where('guests.unit_id', '=', unitId)
      .where('guests.audit_status', '=', 'approved')
      .where((eb) => eb.or([eb('guests.attendance', 'is', null), eb('guests.attendance', 'not in', NOT_COMING)]))
      .orderBy('guests.created_at')
      .orderBy('guests.id');
    if (guestId) guests = guests.where('guests.id', '=', guestId);
    const rows = await guests.execute();
    if (rows.length === 0) return [];
    const members = await this.db
      .selectFrom('entourage_members')
      .select(['id', 'guest_id', 'name', 'document'])
      .where(
        'guest_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const people: PersonAtTheDoor[] = [];
    for (const guest of rows) {
      people.push({
        personKey: `g:${guest.id}`,
        guestId: guest.id,
        memberId: null,
        unitId,
        nameZh: guest.name,
        nameEn: guest.name_en,
        unitName: guest.unit_name,
        guestType: guest.guest_type,
        photoId: documentText(guest.document, 'photo'),
      });
      for (const member of members.filter((m) => m.guest_id === guest.id)) {
        people.push({
          personKey: `m:${member.id}`,
          guestId: guest.id,
          memberId: member.id,
          unitId,
          nameZh: member.name,
          nameEn: documentText(member.document, 'nameEn'),
          unitName: guest.unit_name,
          guestType: null,
          photoId: documentText(member.document, 'photo'),
        });
      }
    }
    return people;
  }

  /**
   * The registered name of a badge's person as an SQL expression over the badge's guest and
   * member id columns (`badges.guest_id`, `badges.member_id`): the member's name, else the
   * guest's. The door filters and sorts its "not arrived" list by it without reading these tables itself.
   */
  nameColumn(guestIdColumn: string, memberIdColumn: string): RawBuilder<string | null> {
    return sql<string | null>`coalesce(
      (select entourage_members.name from entourage_members where entourage_members.id = ${sql.ref(memberIdColumn)}),
      (select guests.name from guests where guests.id = ${sql.ref(guestIdColumn)})
    )`;
  }

  /** Each referenced person that still exists, keyed by personKey, in one query per table. */
  async named(refs: PersonRef[]): Promise<Map<string, PersonAtTheDoor>> {
    const found = new Map<string, PersonAtTheDoor>();
    if (refs.length === 0) return found;
    const guests = await this.db
      .selectFrom('guests')
      .leftJoin('units', 'units.id', 'guests.unit_id')
      .select([
        'guests.id',
        'guests.unit_id',
        'guests.name',
        'guests.name_en',
        'guests.guest_type',
        'guests.document',
        'units.name as unit_name',
      ])
      .where('guests.id', 'in', [...new Set(refs.map((ref) => ref.guestId))])
      .execute();
    const memberIds = refs.flatMap((ref) => (ref.memberId ? [ref.memberId] : []));
    const members =
      memberIds.length === 0
        ? []
        : await this.db
            .selectFrom('entourage_members')
            .select(['id', 'guest_id', 'name', 'document'])
            .where('id', 'in', memberIds)
            .execute();
    const guestById = new Map(guests.map((guest) => [guest.id, guest]));
    for (const guest of guests) {
      found.set(`g:${guest.id}`, {
        personKey: `g:${guest.id}`,
        guestId: guest.id,
        memberId: null,
        unitId: guest.unit_id,
        nameZh: guest.name,
        nameEn: guest.name_en,
        unitName: guest.unit_name ?? '',
        guestType: guest.guest_type,
        photoId: documentText(guest.document, 'photo'),
      });
    }
    for (const member of members) {
      const guest = guestById.get(member.guest_id);
      if (!guest) continue;
      found.set(`m:${member.id}`, {
        personKey: `m:${member.id}`,
        guestId: guest.id,
        memberId: member.id,
        unitId: guest.unit_id,
        nameZh: member.name,
        nameEn: documentText(member.document, 'nameEn'),
        unitName: guest.unit_name ?? '',
        guestType: null,
        photoId: documentText(member.document, 'photo'),
      });
    }
    return found;
  }
}
