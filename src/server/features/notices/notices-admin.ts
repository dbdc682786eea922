import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { Page } from '../../../shared/api-types.js';
import type { NoticePublicationItem } from '../../../shared/console-api.js';
import type { NoticePublication, NoticePublicationQuery } from '../../../generated/types.js';
import { containsText } from '../../db/sql-fragments.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import type { NoticePublicationTable } from './notice-tables.js';
import { AppError } from '../../http/app-error.js';
import { isPostgres } from '../../db/dialect.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

type Target = { audience: string | null; unitId: string | null };

/**
 * Who a publication reaches, as rows of the notices table the unit side already reads: one row
 * per account type, per unit, or per (type, unit) pair when both are chosen. An account has one
 * type and at most one unit, so it matches exactly one row: it sees the notice once and the
 * unread count (SPEC 7) counts it once.
 */
function targetsOf(audiences: string[], unitIds: string[]): Target[] {
  const types = audiences.length ? audiences : [null];
  const units = unitIds.length ? unitIds : [null];
  return types.flatMap((audience) => units.map((unitId) => ({ audience, unitId })));
}

/** The notices' sortable columns (the `sort` enum of notice-publication-query); an edition has tens or hundreds of notices. */
type NoticeSort = NonNullable<NoticePublicationQuery['sort']>;
const NOTICE_SORT_COLUMNS: SortColumns<NoticeSort> = {
  title: { column: 'notice_publications.title' },
  publishedAt: { column: 'notice_publications.published_at', nullable: true },
  status: { column: 'notice_publications.status' },
};

type UnitOfNotice = NoticePublicationItem['units'][number];

function toItem(row: NoticePublicationTable, readCount: number, units: ReadonlyMap<string, UnitOfNotice>): NoticePublicationItem {
  const unitIds = JSON.parse(row.unit_ids) as string[];
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    audiences: JSON.parse(row.audiences) as string[],
    unitIds,
    status: row.status as NoticePublicationItem['status'],
    createdAt: row.created_at,
    publishedAt: row.published_at,
    readCount,
    // a unit deleted since is left out: the draft's editor shows what can still be chosen
    units: unitIds.flatMap((id) => units.get(id) ?? []),
  };
}

/** Organisers write notices as drafts, then publish them to everyone or to chosen account types/units. */
export class NoticesAdmin {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly audit: Audit,
  ) {}

  /** The notices as the organisers' list shows them (title filter, sort); the export reads the same pages. */
  async page(who: SignedInAccount, query: NoticePublicationQuery): Promise<Page<NoticePublicationItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  /** A page of the edition's notices: newest first, or by the column asked (then by id). */
  async pageOf(editionId: string, query: NoticePublicationQuery): Promise<Page<NoticePublicationItem>> {
    const pageNum = Number(query.pageNum ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    let base = this.db.selectFrom('notice_publications').where('edition_id', '=', editionId);
    if (query.title) base = base.where(containsText('title', query.title));
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const selected = base.selectAll('notice_publications').select((eb) =>
      eb
        .selectFrom('notice_reads')
        .innerJoin('notices', 'notices.id', 'notice_reads.notice_id')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('notices.publication_id', '=', 'notice_publications.id')
        .as('read_count'),
    );
    const rows = await orderedBy(selected, NOTICE_SORT_COLUMNS, query, 'notice_publications.id', isPostgres(this.db), (q) =>
      q.orderBy('created_at', 'desc').orderBy('id'),
    )
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const units = await this.unitsOf(
      this.db,
      rows.flatMap((row) => JSON.parse(row.unit_ids) as string[]),
    );
    return { records: rows.map((row) => toItem(row, Number(row.read_count ?? 0), units)), total: Number(total), pageNum, pageSize };
  }

  /** The named units among ids, for the answers (a draft's editor shows its units by name). */
  private async unitsOf(executor: Executor, ids: string[]): Promise<Map<string, UnitOfNotice>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const found = await executor.selectFrom('units').select(['id', 'name', 'unit_type']).where('id', 'in', unique).execute();
    return new Map(found.map((unit) => [unit.id, { id: unit.id, name: unit.name, unitType: unit.unit_type }]));
  }

  private async assertUnits(executor: Executor, editionId: string, unitIds: string[]): Promise<void> {
    if (unitIds.length === 0) return;
    const found = await executor.selectFrom('units').select('id').where('edition_id', '=', editionId).where('id', 'in', unitIds).execute();
    if (found.length !== unitIds.length) throw new AppError('notFound');
  }

  async create(who: SignedInAccount, body: NoticePublication): Promise<NoticePublicationItem> {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      await this.assertUnits(trx, edition.id, body.unitIds);
      const now = this.editions.now().toISOString();
      const row: NoticePublicationTable = {
        id: randomUUID(),
        edition_id: edition.id,
        title: body.title,
        content: body.content,
        audiences: JSON.stringify(body.audiences),
        unit_ids: JSON.stringify(body.unitIds),
        status: 'draft',
        created_by: who.id,
        created_at: now,
        updated_at: now,
        published_at: null,
      };
      await trx.insertInto('notice_publications').values(row).execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'notice.create',
        targetType: 'notice',
        targetId: row.id,
        targetLabel: body.title,
        after: body,
        at: now,
      });
      return toItem(row, 0, await this.unitsOf(trx, body.unitIds));
    });
  }

  /**
   * The draft, locked on PostgreSQL until the transaction ends: a publish, change and delete of
   * one draft run one after the other, and the later sees what the earlier left (gone: 404,
   * published: 409), never both answering 200 with notice rows left behind for a deleted draft.
   * SQLite runs one write transaction at a time.
   */
  private async draft(trx: Executor, editionId: string, id: string): Promise<NoticePublicationTable> {
    let query = trx.selectFrom('notice_publications').selectAll().where('id', '=', id).where('edition_id', '=', editionId);
    if (isPostgres(trx)) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError('noticeNotFound');
    // a published notice is in the units' lists already: it is not rewritten behind their back
    if (row.status !== 'draft') throw new AppError('noticeAlreadyPublished');
    return row;
  }

  async update(who: SignedInAccount, id: string, body: NoticePublication): Promise<NoticePublicationItem> {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const before = await this.draft(trx, edition.id, id);
      await this.assertUnits(trx, edition.id, body.unitIds);
      const now = this.editions.now().toISOString();
      const change = {
        title: body.title,
        content: body.content,
        audiences: JSON.stringify(body.audiences),
        unit_ids: JSON.stringify(body.unitIds),
        updated_at: now,
      };
      await trx.updateTable('notice_publications').set(change).where('id', '=', id).execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'notice.update',
        targetType: 'notice',
        targetId: id,
        targetLabel: body.title,
        before: {
          title: before.title,
          content: before.content,
          audiences: JSON.parse(before.audiences),
          unitIds: JSON.parse(before.unit_ids),
        },
        after: body,
        at: now,
      });
      return toItem({ ...before, ...change }, 0, await this.unitsOf(trx, body.unitIds));
    });
  }

  async remove(who: SignedInAccount, id: string): Promise<void> {
    assertOrganiser(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const before = await this.draft(trx, edition.id, id);
      // a concurrent delete of the same draft may have committed since the read: its caller won
      const removed = await trx.deleteFrom('notice_publications').where('id', '=', id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new AppError('noticeNotFound');
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'notice.delete',
        targetType: 'notice',
        targetId: id,
        targetLabel: before.title,
        before: { title: before.title },
        at: this.editions.now().toISOString(),
      });
    });
  }

  /** Writes the notice rows the recipients read; from now on their unread counts include it. */
  async publish(who: SignedInAccount, id: string): Promise<NoticePublicationItem> {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const row = await this.draft(trx, edition.id, id);
      // release time is the real time: the unit side compares it with the real clock
      const now = this.editions.now().toISOString();
      for (const target of targetsOf(JSON.parse(row.audiences) as string[], JSON.parse(row.unit_ids) as string[])) {
        await trx
          .insertInto('notices')
          .values({
            id: randomUUID(),
            edition_id: edition.id,
            title: row.title,
            content: row.content,
            audience: target.audience,
            unit_id: target.unitId,
            release_time: now,
            publication_id: id,
          })
          .execute();
      }
      await trx
        .updateTable('notice_publications')
        .set({ status: 'published', published_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'notice.publish',
        targetType: 'notice',
        targetId: id,
        targetLabel: row.title,
        before: { status: 'draft' },
        after: { status: 'published' },
        at: now,
      });
      const units = await this.unitsOf(trx, JSON.parse(row.unit_ids) as string[]);
      return toItem({ ...row, status: 'published', published_at: now, updated_at: now }, 0, units);
    });
  }
}

/** Organisers' changes of notices. */
export const noticeAuditSubjects: AuditSubjects = { notice: { schema: 'notice-publication' } };
