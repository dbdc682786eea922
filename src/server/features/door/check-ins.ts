import { sql } from 'kysely';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import { containsText } from '../../db/sql-fragments.js';
import type { DoorAbsentQuery } from '../../../generated/types.js';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import { shanghaiHourOfUtcKey, type Clock } from '../../clock.js';
import { AppError } from '../../http/app-error.js';
import { FIRST_SCAN, REPEATED_SCAN, type DoorPersonKind, type DoorScanOutcome } from '../../../shared/door-api.js';
import type { Editions } from '../edition/editions.js';
import type { BadgeTokens } from './badge-tokens.js';
import type { PeopleAtTheDoor, PersonAtTheDoor } from '../guests/people-at-the-door.js';
import { badgeHolderTarget } from './badge-holder-target.js';
import type { DoorTables } from './door-tables.js';
import type { StoredPictures } from './stored-pictures.js';
import type { TemporaryPeopleAtTheDoor } from './temporary-people-at-the-door.js';
import type { Audit, AuditRecord } from '../../audit/audit.js';
import type { SignedInAccount } from '../../auth/sessions.js';

export interface Scan {
  token: string;
  /** when the phone read the code (ISO); a scan queued offline arrives later with its own time */
  scannedAt: string;
  station: string;
}

export interface ScanResult {
  /** FIRST_SCAN: this scan checked the person in; REPEATED_SCAN: an earlier scan holds the check-in */
  outcome: DoorScanOutcome;
  nameZh: string;
  nameEn: string | null;
  /** the guest's unit, or the event a temporary registration was bound to */
  unitName: string;
  kind: DoorPersonKind;
  /** a small JPEG of the photo as a data URL, to compare with the face at the door */
  photo: string | null;
  first: { scannedAt: string; station: string };
}

export interface AbsentPage {
  records: { nameZh: string; nameEn: string | null; unitName: string; entourage: boolean }[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface ArrivalFigures {
  badges: number;
  arrived: number;
  /** key: the Asia/Shanghai hour `YYYY-MM-DD HH:00` */
  perHour: { hour: string; count: number }[];
}

/** The audit entry of a badge's check-in: whose badge, by id (no name, ID number or mobile). */
function checkInEntry(
  editionId: string,
  badge: { guest_id: string | null; member_id: string | null; temporary_id: string | null },
): Pick<AuditRecord, 'editionId' | 'action' | 'targetType' | 'targetId' | 'targetLabel'> {
  const action = badge.temporary_id ? 'temporary.check-in' : 'guest.check-in';
  return { editionId, action, ...badgeHolderTarget(badge), targetLabel: null };
}

/** The "not arrived" list's sortable columns (the `sort` enum of door-absent-query). */
const ABSENT_SORT_COLUMNS: SortColumns<NonNullable<DoorAbsentQuery['sort']>> = {
  name: { column: 'absent.person_name', nullable: true },
  unit: { column: 'absent.unit_name', nullable: true },
};

/** a scan time this far in the future is the phone's clock, not a scan: the server's time is kept */
const CLOCK_SKEW_MS = 5 * 60_000;
const THUMBNAIL_WIDTH = 240;

/**
 * Check-in at the door: one per badge, the first scan wins. The badge's row is the key of the
 * check-in, so two phones scanning at once record one; a scan queued offline that arrives later
 * but was made earlier takes the place of a later one (conflicts resolved by the first scan).
 */
export class CheckIns {
  private readonly db;

  constructor(
    db: Db,
    private readonly editions: Editions,
    private readonly tokens: BadgeTokens,
    private readonly people: PeopleAtTheDoor,
    private readonly temporaryPeople: TemporaryPeopleAtTheDoor,
    private readonly pictures: StoredPictures,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<DoorTables>();
  }

  /**
   * Checks the badge's person in, audited in the same transaction: the first check-in is an entry
   * (`guest.check-in` for a guest or entourage member, `temporary.check-in` for a temporary
   * registration; the scanner as actor, the person's id as target, the scan's time and station as
   * values, never the name: the log names the target from its table when read). A late scan that
   * was made earlier takes the check-in's place: an entry too, with the time and station it
   * replaced. A repeated scan changes nothing and writes nothing; a refused badge never reaches here.
   */
  async scan(scan: Scan, who: SignedInAccount): Promise<ScanResult> {
    const badgeId = this.tokens.badgeOf(scan.token);
    if (!badgeId) throw new AppError('badgeNotValid');
    const edition = await this.editions.current();
    const badge = await this.db
      .selectFrom('badges')
      .selectAll()
      .where('id', '=', badgeId)
      .where('edition_id', '=', edition.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!badge) throw new AppError('badgeNotValid');
    const now = this.clock.now();
    const scannedMs = Date.parse(scan.scannedAt);
    const scannedAt =
      Number.isFinite(scannedMs) && scannedMs <= now.getTime() + CLOCK_SKEW_MS ? new Date(scannedMs).toISOString() : now.toISOString();
    const { first, held } = await this.db.transaction().execute(async (trx) => {
      const checkIn = { scannedAt, station: scan.station };
      const inserted = await trx
        .insertInto('check_ins')
        .values({
          badge_id: badge.id,
          edition_id: edition.id,
          person_key: badge.person_key,
          scanned_at: scannedAt,
          received_at: this.clock.nowIso(),
          station: scan.station,
          account_id: who.id,
        })
        .onConflict((oc) => oc.column('badge_id').doNothing())
        .returning('badge_id')
        .executeTakeFirst();
      if (inserted !== undefined) {
        await this.audit.record(trx as unknown as Db, who, { ...checkInEntry(edition.id, badge), after: checkIn, at: this.clock.nowIso() });
        return { first: true, held: { scanned_at: scannedAt, station: scan.station } };
      }
      // an earlier scan that arrives late (queued offline) is the first one
      const replaced = await trx
        .selectFrom('check_ins')
        .select(['scanned_at', 'station'])
        .where('badge_id', '=', badge.id)
        .where('scanned_at', '>', scannedAt)
        // PostgreSQL: held until the update; SQLite's write transactions run one at a time
        .$if(isPostgres(trx), (query) => query.forUpdate())
        .executeTakeFirst();
      if (replaced) {
        await trx
          .updateTable('check_ins')
          .set({ scanned_at: scannedAt, station: scan.station, account_id: who.id })
          .where('badge_id', '=', badge.id)
          .where('scanned_at', '>', scannedAt)
          .execute();
        await this.audit.record(trx as unknown as Db, who, {
          ...checkInEntry(edition.id, badge),
          before: { scannedAt: replaced.scanned_at, station: replaced.station },
          after: checkIn,
          at: this.clock.nowIso(),
        });
        return { first: false, held: { scanned_at: scannedAt, station: scan.station } };
      }
      // a repeat: the check-in held is another scan's
      const row = await trx
        .selectFrom('check_ins')
        .select(['scanned_at', 'station'])
        .where('badge_id', '=', badge.id)
        .executeTakeFirstOrThrow();
      return { first: false, held: row };
    });
    const person = await this.person(badge);
    return {
      outcome: first ? FIRST_SCAN : REPEATED_SCAN,
      ...person,
      first: { scannedAt: held.scanned_at, station: held.station },
    };
  }

  private async person(badge: {
    edition_id: string;
    guest_id: string | null;
    member_id: string | null;
    temporary_id: string | null;
  }): Promise<Omit<ScanResult, 'outcome' | 'first'>> {
    if (badge.temporary_id) {
      const registration = (await this.temporaryPeople.of(badge.edition_id, [badge.temporary_id])).get(badge.temporary_id);
      const picture = registration ? await registration.photo() : null;
      return {
        nameZh: registration?.name ?? '',
        nameEn: null,
        unitName: registration?.eventName ?? '',
        kind: 'temporary',
        photo: picture ? await this.thumbnail(picture) : null,
      };
    }
    const { guest_id: guestId, member_id: memberId } = badge;
    const people = guestId ? await this.people.named([{ guestId, memberId }]) : new Map<string, PersonAtTheDoor>();
    const person: PersonAtTheDoor | undefined = people.get(memberId ? `m:${memberId}` : `g:${guestId}`);
    return {
      nameZh: person?.nameZh ?? '',
      nameEn: person?.nameEn ?? null,
      unitName: person?.unitName ?? '',
      kind: memberId ? 'entourage' : 'guest',
      photo: person?.photoId ? await this.thumbnail(await this.pictures.read(person.photoId)) : null,
    };
  }

  private async thumbnail(picture: Buffer | null): Promise<string | null> {
    if (!picture) return null;
    try {
      const small = await sharp(picture).resize({ width: THUMBNAIL_WIDTH }).jpeg({ quality: 80 }).toBuffer();
      return `data:image/jpeg;base64,${small.toString('base64')}`;
    } catch {
      // a picture sharp cannot decode: the name is still shown
      return null;
    }
  }

  /**
   * People with a live badge and no check-in (the names as registered), filtered by a part of the
   * name, by unit (a temporary registration: its event) and name, or sorted by the column asked
   * then by the badge. The export reads the same pages (absent-list-export.ts).
   */
  async absent(query: DoorAbsentQuery): Promise<AbsentPage> {
    const pageNum = Number(query.pageNum ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    const edition = await this.editions.current();
    const temporary = this.temporaryPeople.columnsOf('badges.temporary_id');
    const waiting = this.db
      .selectFrom('badges')
      .leftJoin('units', 'units.id', 'badges.unit_id')
      .where('badges.edition_id', '=', edition.id)
      .where('badges.revoked_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('check_ins').select('check_ins.badge_id').whereRef('check_ins.badge_id', '=', 'badges.id'))),
      )
      .select([
        'badges.id as badge_id',
        'badges.guest_id',
        'badges.member_id',
        'badges.temporary_id',
        'badges.person_key',
        sql<string | null>`coalesce(${temporary.name}, ${this.people.nameColumn('badges.guest_id', 'badges.member_id')})`.as('person_name'),
        sql<string | null>`coalesce(units.name, ${temporary.eventName})`.as('unit_name'),
      ]);
    let filtered = this.db.selectFrom(waiting.as('absent'));
    if (query.name) filtered = filtered.where(containsText('absent.person_name', query.name));
    const [count, rows] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      orderedBy(filtered.selectAll(), ABSENT_SORT_COLUMNS, query, 'absent.badge_id', isPostgres(this.db), (q) =>
        q
          .orderBy(sql`${sql.ref('absent.unit_name')}${isPostgres(this.db) ? sql`` : sql` nulls last`}`)
          .orderBy('absent.person_name')
          .orderBy('absent.badge_id'),
      )
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    const people = await this.people.named(
      rows.flatMap((row) => (row.guest_id !== null ? [{ guestId: row.guest_id, memberId: row.member_id }] : [])),
    );
    const registrations = await this.temporaryPeople.of(
      edition.id,
      rows.flatMap((row) => (row.temporary_id !== null ? [row.temporary_id] : [])),
    );
    return {
      records: rows.flatMap((row) => {
        if (row.temporary_id !== null) {
          const registration = registrations.get(row.temporary_id);
          return registration ? [{ nameZh: registration.name, nameEn: null, unitName: registration.eventName, entourage: false }] : [];
        }
        const person = people.get(row.person_key);
        if (!person) return [];
        return [{ nameZh: person.nameZh, nameEn: person.nameEn, unitName: person.unitName, entourage: row.member_id !== null }];
      }),
      total: Number(count.n),
      pageNum,
      pageSize,
    };
  }

  /** Badges printed, people arrived, and arrivals per Asia/Shanghai hour. */
  async arrivals(): Promise<ArrivalFigures> {
    const edition = await this.editions.current();
    const [badges, byHour] = await Promise.all([
      this.db
        .selectFrom('badges')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('edition_id', '=', edition.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('check_ins')
        // the UTC hour as text, spelt alike in select and group (PostgreSQL compares the two)
        .select([(eb) => eb.fn.countAll<number | string>().as('n'), sql<string>`substr(scanned_at, 1, 13)`.as('hour')])
        .where('edition_id', '=', edition.id)
        .groupBy(sql`substr(scanned_at, 1, 13)`)
        .execute(),
    ]);
    const perHour = new Map<string, number>();
    for (const row of byHour) {
      const hour = shanghaiHourOfUtcKey(row.hour);
      perHour.set(hour, (perHour.get(hour) ?? 0) + Number(row.n));
    }
    const arrived = [...perHour.values()].reduce((sum, n) => sum + n, 0);
    return {
      badges: Number(badges.n),
      arrived,
      perHour: [...perHour.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([hour, count]) => ({ hour, count })),
    };
  }
}
