import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import type { Clock } from '../../clock.js';
import type { Language } from '../../../shared/constants.js';
import type { Editions } from '../edition/editions.js';
import type { BadgeTokens } from './badge-tokens.js';
import { badgePdf, type BadgeFace } from './badge-pdf.js';
import type { PeopleAtTheDoor, PersonAtTheDoor } from '../guests/people-at-the-door.js';
import type { Audit } from '../../audit/audit.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';
import { AppError } from '../../http/app-error.js';
import { badgeHolderTarget } from './badge-holder-target.js';
import type { DoorTables } from './door-tables.js';
import type { StoredPictures } from './stored-pictures.js';
import type { TemporaryPeopleAtTheDoor, TemporaryPersonAtTheDoor } from './temporary-people-at-the-door.js';

export interface BadgeLabels {
  /** the guest type's label in one language */
  guestType(language: Language, type: string | null): string;
  entourage(language: Language): string;
  /** a temporary registration's type (worker, volunteer, media) in one language */
  temporaryType(language: Language, type: string): string;
}

/** Whose badge a row is: a unit's guest or entourage member, or a temporary registration. */
interface BadgeHolder {
  personKey: string;
  unitId: string | null;
  guestId: string | null;
  memberId: string | null;
  temporaryId: string | null;
}

type DoorExecutor = Executor<Database & DoorTables>;

/** One person of a print: whose badge, and the print's audit entry. */
interface BadgePrint {
  holder: BadgeHolder;
  action: 'guest.badge' | 'temporary.badge';
  targetType: 'guest' | 'entourage' | 'temporary-registration';
  targetId: string;
  targetLabel: string;
}

/**
 * Badges of a unit's guests and entourage, and of approved temporary registrations: a PDF page each, a QR code carrying the signed id of
 * the person's live badge (made on first print, kept until revoked).
 */
export class Badges {
  private readonly db;

  constructor(
    db: Db,
    private readonly editions: Editions,
    private readonly tokens: BadgeTokens,
    private readonly people: PeopleAtTheDoor,
    private readonly temporaryPeople: TemporaryPeopleAtTheDoor,
    private readonly pictures: StoredPictures,
    private readonly audit: Audit,
    private readonly labels: BadgeLabels,
    private readonly font: { file: string; family?: string } | null,
    private readonly clock: Clock,
    /** people per PDF of a unit's batch */
    private readonly batchCap: number,
  ) {
    this.db = db.withTables<DoorTables>();
  }

  /**
   * The PDF of one guest's badges (its entourage included), for the caller's unit; null: no such
   * guest of the unit. Each person printed is an audit entry, written with the badge it makes or reuses.
   */
  async pdf(who: SignedInAccount, guestId: string): Promise<Buffer | null> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    const people = await this.people.ofUnit(edition.id, unitId, guestId);
    if (people.length === 0) return null;
    return this.pdfOf(who, edition.id, unitId, people);
  }

  /**
   * One PDF of the caller's unit's batch: its `pageNum`-th share of at most `batchCap` people (in
   * the order guests were added, a guest's entourage after the guest) and how many PDFs the batch
   * takes; null: past the last one (the first always exists, empty when nobody has a badge).
   * Audited as a single print is, person by person.
   */
  async batch(who: SignedInAccount, pageNum: number): Promise<{ file: Buffer; pages: number; cap: number } | null> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    const people = await this.people.ofUnit(edition.id, unitId, null);
    const pages = Math.ceil(people.length / this.batchCap);
    if (pageNum > Math.max(pages, 1)) return null;
    const share = people.slice((pageNum - 1) * this.batchCap, pageNum * this.batchCap);
    return { file: await this.pdfOf(who, edition.id, unitId, share), pages, cap: this.batchCap };
  }

  private async pdfOf(who: SignedInAccount, editionId: string, unitId: string, people: PersonAtTheDoor[]): Promise<Buffer> {
    const badgeIds = await this.printed(
      who,
      editionId,
      people.map((person) => ({
        holder: { personKey: person.personKey, unitId, guestId: person.guestId, memberId: person.memberId, temporaryId: null },
        action: 'guest.badge',
        targetType: person.memberId ? 'entourage' : 'guest',
        targetId: person.memberId ?? person.guestId,
        targetLabel: person.nameZh,
      })),
    );
    const faces: BadgeFace[] = [];
    for (const [index, person] of people.entries()) {
      faces.push({
        token: this.tokens.tokenOf(badgeIds[index]!),
        nameZh: person.nameZh,
        nameEn: person.nameEn,
        unitName: person.unitName,
        kindLabel: this.kindLabel(person.guestType, person.memberId !== null),
        photo: await this.pictures.read(person.photoId),
      });
    }
    return badgePdf(faces, this.font);
  }

  /**
   * One PDF of the badges of approved temporary registrations (organisers), in the order asked.
   * All or nothing: an id not of the current edition is tempNotFound, a pending or rejected one
   * tempNotApproved. Each print is an audit entry, written with the badge it makes or reuses.
   */
  async temporaryPdf(who: SignedInAccount, ids: string[]): Promise<Buffer> {
    assertOrganiser(who);
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) throw new AppError('selectAttendees');
    const edition = await this.editions.current();
    const found = await this.temporaryPeople.of(edition.id, wanted);
    const people: TemporaryPersonAtTheDoor[] = [];
    for (const id of wanted) {
      const person = found.get(id);
      if (!person) throw new AppError('tempNotFound');
      if (!person.approved) throw new AppError('tempNotApproved');
      people.push(person);
    }
    const badgeIds = await this.printed(
      who,
      edition.id,
      people.map((person) => ({
        holder: { personKey: `t:${person.id}`, unitId: null, guestId: null, memberId: null, temporaryId: person.id },
        action: 'temporary.badge',
        targetType: 'temporary-registration',
        targetId: person.id,
        targetLabel: person.name,
      })),
    );
    const faces: BadgeFace[] = [];
    for (const [index, person] of people.entries()) {
      faces.push({
        token: this.tokens.tokenOf(badgeIds[index]!),
        nameZh: person.name,
        nameEn: null,
        unitName: person.eventName,
        kindLabel: `${this.labels.temporaryType('zh-CN', person.registrationType)} / ${this.labels.temporaryType('en', person.registrationType)}`,
        photo: await person.photo(),
      });
    }
    return badgePdf(faces, this.font);
  }

  /** The guest type, or "entourage", in both languages. */
  private kindLabel(guestType: string | null, entourage: boolean): string {
    const label = (language: Language) => (entourage ? this.labels.entourage(language) : this.labels.guestType(language, guestType));
    return `${label('zh-CN')} / ${label('en')}`;
  }

  /**
   * The live badge of each person printed (made when there is none) and the print's audit entry,
   * in one transaction: an entry says the badge was issued to be printed (a PDF that then fails to
   * render is still recorded, as the badge now exists).
   */
  private async printed(who: SignedInAccount, editionId: string, prints: BadgePrint[]): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const made: string[] = [];
      for (const { holder, ...entry } of prints) {
        made.push(await this.liveBadge(trx, editionId, holder));
        await this.audit.record(trx as unknown as Db, who, { editionId, ...entry, at: this.clock.nowIso() });
      }
      return made;
    });
  }

  private async liveBadge(executor: DoorExecutor, editionId: string, holder: BadgeHolder): Promise<string> {
    const live = await executor
      .selectFrom('badges')
      .select('id')
      .where('edition_id', '=', editionId)
      .where('person_key', '=', holder.personKey)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (live) return live.id;
    const id = randomUUID();
    await executor
      .insertInto('badges')
      .values({
        id,
        edition_id: editionId,
        unit_id: holder.unitId,
        guest_id: holder.guestId,
        member_id: holder.memberId,
        temporary_id: holder.temporaryId,
        person_key: holder.personKey,
        created_at: this.clock.nowIso(),
        revoked_at: null,
      })
      .execute();
    return id;
  }

  /**
   * Revokes the person's live badge of a guest's unit: its QR code is refused from now on, the
   * next print makes a new one. The organiser's act is in the audit log, against the badge's holder.
   */
  async revoke(who: SignedInAccount, badgeId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const badge = await trx
        .selectFrom('badges')
        .select(['edition_id', 'guest_id', 'member_id', 'temporary_id'])
        .where('id', '=', badgeId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!badge) return false;
      const at = this.clock.nowIso();
      const result = await trx
        .updateTable('badges')
        .set({ revoked_at: at })
        .where('id', '=', badgeId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await this.audit.record(trx as unknown as Db, who, {
        editionId: badge.edition_id,
        action: 'badge.revoke',
        ...badgeHolderTarget(badge),
        targetLabel: null,
        before: { badge: badgeId },
        at,
      });
      return true;
    });
  }
}
