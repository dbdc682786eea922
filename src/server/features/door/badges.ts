import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../clock.js';
import type { Language } from '../../../shared/constants.js';
import type { Editions } from '../edition/editions.js';
import type { BadgeTokens } from './badge-tokens.js';
import { badgePdf, type BadgeFace } from './badge-pdf.js';
import type { DoorTables } from './door-tables.js';
import type { StoredPictures } from './stored-pictures.js';

/** Who gets a badge: approved guests who have not declined or cancelled, and their entourage. */
const NOT_COMING = ['not-attending', 'cancelled'];

export interface BadgeLabels {
  /** the guest type's label in one language */
  guestType(language: Language, type: string | null): string;
  entourage(language: Language): string;
}

interface Person {
  personKey: string;
  guestId: string;
  memberId: string | null;
  unitId: string;
  nameZh: string;
  nameEn: string | null;
  unitName: string;
  kindLabel: string;
  photoId: string | null;
}

function documentField(document: string, field: string): string | null {
  const value = (JSON.parse(document) as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Badges of a unit's guests and entourage: a PDF page each, a QR code carrying the signed id of
 * the person's live badge (made on first print, kept until revoked).
 */
export class Badges {
  private readonly db;

  constructor(
    db: Db,
    private readonly editions: Editions,
    private readonly tokens: BadgeTokens,
    private readonly pictures: StoredPictures,
    private readonly labels: BadgeLabels,
    private readonly font: { file: string; family?: string } | null,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<DoorTables>();
  }

  /** The PDF of a unit's badges, or of one guest of it (its entourage included); null: no such guest. */
  async pdf(unitId: string, guestId: string | null): Promise<Buffer | null> {
    const edition = await this.editions.current();
    const people = await this.people(edition.id, unitId, guestId);
    if (guestId && people.length === 0) return null;
    const faces: BadgeFace[] = [];
    for (const person of people) {
      const badgeId = await this.liveBadge(edition.id, person);
      faces.push({
        token: this.tokens.tokenOf(badgeId),
        nameZh: person.nameZh,
        nameEn: person.nameEn,
        unitName: person.unitName,
        kindLabel: person.kindLabel,
        photo: await this.pictures.read(person.photoId),
      });
    }
    return badgePdf(faces, this.font);
  }

  private async people(editionId: string, unitId: string, guestId: string | null): Promise<Person[]> {
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
    const both = (type: string | null) => `${this.labels.guestType('zh-CN', type)} / ${this.labels.guestType('en', type)}`;
    const people: Person[] = [];
    for (const guest of rows) {
      people.push({
        personKey: `g:${guest.id}`,
        guestId: guest.id,
        memberId: null,
        unitId,
        nameZh: guest.name,
        nameEn: guest.name_en,
        unitName: guest.unit_name,
        kindLabel: both(guest.guest_type),
        photoId: documentField(guest.document, 'photo'),
      });
      for (const member of members.filter((m) => m.guest_id === guest.id)) {
        people.push({
          personKey: `m:${member.id}`,
          guestId: guest.id,
          memberId: member.id,
          unitId,
          nameZh: member.name,
          nameEn: documentField(member.document, 'nameEn'),
          unitName: guest.unit_name,
          kindLabel: `${this.labels.entourage('zh-CN')} / ${this.labels.entourage('en')}`,
          photoId: documentField(member.document, 'photo'),
        });
      }
    }
    return people;
  }

  private async liveBadge(editionId: string, person: Person): Promise<string> {
    const live = await this.db
      .selectFrom('badges')
      .select('id')
      .where('edition_id', '=', editionId)
      .where('person_key', '=', person.personKey)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (live) return live.id;
    const id = randomUUID();
    await this.db
      .insertInto('badges')
      .values({
        id,
        edition_id: editionId,
        unit_id: person.unitId,
        guest_id: person.guestId,
        member_id: person.memberId,
        person_key: person.personKey,
        created_at: this.clock.nowIso(),
        revoked_at: null,
      })
      .execute();
    return id;
  }

  /** Revokes the person's live badge of a guest's unit: its QR code is refused from now on, the next print makes a new one. */
  async revoke(badgeId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('badges')
      .set({ revoked_at: this.clock.nowIso() })
      .where('id', '=', badgeId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
