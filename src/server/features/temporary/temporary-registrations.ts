import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ReviewDecision, TemporaryPageQuery, TemporaryRegistration } from '../../../generated/types.js';
import type { Page } from '../../../shared/api-types.js';
import type { AuditStatus } from '../../../shared/guest-api.js';
import type { TemporaryItem, TemporaryReceipt, TemporaryType } from '../../../shared/temporary-api.js';
import type { Db } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../http/app-error.js';
import { normaliseAccount } from '../../security/account-name.js';
import { containsPattern, matchesLike } from '../../db/sql-fragments.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { refuseDuplicates } from '../../db/unique-violation.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { DataProtection } from '../../security/data-protection.js';
import { bindingOf } from './temporary-codes.js';
import type { TemporaryDb, TemporaryRegistrationTable } from './temporary-tables.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

export type TemporaryFilter = Pick<TemporaryPageQuery, 'status' | 'registrationType' | 'keyword' | 'sort' | 'order'>;

/** The review list's sortable columns (the `sort` enum of temporary-page-query); the id breaks ties. */
const TEMPORARY_SORT_COLUMNS: SortColumns<NonNullable<TemporaryPageQuery['sort']>> = {
  name: { column: 'name' },
  registrationType: { column: 'registration_type' },
  inviteCode: { column: 'invite_code' },
  event: { column: 'event_name' },
  status: { column: 'status' },
  createdAt: { column: 'created_at' },
};

/** The answer of one row: the mobile opened from the sealed document (the column holds its blind index). */
export function toTemporaryItem(protection: DataProtection, row: TemporaryRegistrationTable): TemporaryItem {
  const document = protection.openJson<TemporaryRegistration & Record<string, unknown>>('temporary-registration', row.document);
  return {
    id: row.id,
    registrationType: row.registration_type as TemporaryType,
    name: row.name,
    // empty once the retention purge has erased it
    mobile: typeof document.mobile === 'string' ? normaliseAccount(document.mobile) : '',
    province: document.province,
    city: document.city,
    email: document.email ?? null,
    landline: document.landline ?? null,
    residence: document.residence ?? null,
    mediaName: document.mediaName ?? null,
    inviteCode: row.invite_code,
    eventName: row.event_name,
    attendanceMode: row.attendance_mode,
    pictureId: row.picture_id,
    status: row.status as AuditStatus,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
  };
}

/** Temporary registrations: open submission, organisers' list, decisions and export rows. */
export class TemporaryRegistrations {
  constructor(
    private readonly db: TemporaryDb,
    private readonly editions: Editions,
    private readonly audit: Audit,
    private readonly protection: DataProtection,
  ) {}

  /**
   * One transaction: the code's binding is checked, the picture claimed (an unknown or already
   * used picture asks for a new upload) and the registration written, or nothing is.
   */
  async submit(body: TemporaryRegistration, caller: SignedInAccount | null): Promise<TemporaryReceipt> {
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx as unknown as Db);
      const binding = await bindingOf(trx, edition.id, body.registrationType, body.inviteCode);
      const id = randomUUID();
      const claimed = await trx
        .updateTable('temporary_uploads')
        .set({ registration_id: id })
        .where('id', '=', body.picture)
        .where('registration_id', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('tempPictureInvalid');
      const now = this.editions.now().toISOString();
      const document: TemporaryRegistration = { ...body, inviteCode: binding.code };
      const mobile = this.protection.index('mobile', body.mobile);
      const exists = await trx
        .selectFrom('temporary_registrations')
        .select('id')
        .where('edition_id', '=', edition.id)
        .where('registration_type', '=', body.registrationType)
        .where('mobile_index', '=', mobile)
        .executeTakeFirst();
      // checked first so PostgreSQL's transaction is not aborted by the constraint; the
      // constraint still decides a race
      if (exists) throw new AppError('alreadyExists');
      await refuseDuplicates(new AppError('alreadyExists'), () =>
        trx
          .insertInto('temporary_registrations')
          .values({
            id,
            edition_id: edition.id,
            registration_type: body.registrationType,
            invite_code: binding.code,
            name: body.name,
            mobile_index: mobile,
            event_name: binding.eventName,
            attendance_mode: binding.attendanceMode,
            picture_id: body.picture,
            account_id: caller?.id ?? null,
            document: JSON.stringify(
              this.protection.sealDocument(
                'temporary-registration',
                document as TemporaryRegistration & Record<string, unknown>,
                edition.id,
              ),
            ),
            schema_version: versionOf('temporary-registration'),
            status: 'pending',
            reject_reason: null,
            created_at: now,
            updated_at: now,
          })
          .execute(),
      );
      return { id, status: 'pending', eventName: binding.eventName, attendanceMode: binding.attendanceMode };
    });
  }

  private filtered(editionId: string, filter: TemporaryFilter) {
    let query = this.db.selectFrom('temporary_registrations').where('edition_id', '=', editionId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.registrationType) query = query.where('registration_type', '=', filter.registrationType);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword.toLowerCase());
      // the mobile is sealed: a keyword finds it only whole, through its blind index
      const mobile = this.protection.index('mobile', keyword);
      // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not
      const like = (column: string, value: string) => matchesLike(sql`lower(${sql.ref(column)})`, value);
      query = query.where((eb) => eb.or([like('name', pattern), eb('mobile_index', '=', mobile), like('invite_code', pattern)]));
    }
    return query;
  }

  /** The rows the filter selects in the list's order (newest first without a sort): the list and its export read the same. */
  private ordered(editionId: string, filter: TemporaryFilter) {
    return orderedBy(this.filtered(editionId, filter).selectAll(), TEMPORARY_SORT_COLUMNS, filter, 'id', isPostgres(this.db), (q) =>
      q.orderBy('created_at', 'desc').orderBy('id'),
    );
  }

  async page(who: SignedInAccount, filter: TemporaryFilter, pageNum: number, pageSize: number): Promise<Page<TemporaryItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const total = await this.filtered(edition.id, filter)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.ordered(edition.id, filter)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return pageOf(
      rows.map((row) => toTemporaryItem(this.protection, row)),
      total.n as number | string,
      pageNum,
      pageSize,
    );
  }

  /** Rows for the export, read page by page in the list's order (the caller streams them). */
  async exportReader(who: SignedInAccount, filter: TemporaryFilter): Promise<(offset: number, limit: number) => Promise<TemporaryItem[]>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return async (offset, limit) =>
      (await this.ordered(edition.id, filter).limit(limit).offset(offset).execute()).map((row) => toTemporaryItem(this.protection, row));
  }

  /** All or nothing: an unknown id answers 404 for the batch. */
  async decide(who: SignedInAccount, decision: ReviewDecision): Promise<TemporaryItem[]> {
    assertOrganiser(who);
    if (decision.ids.length === 0) throw new AppError('selectAttendees');
    const status: AuditStatus = decision.decision === 'approve' ? 'approved' : 'rejected';
    const reason = status === 'rejected' ? (decision.reason ?? null) : null;
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx as unknown as Db);
      const now = this.editions.now().toISOString();
      const decided: TemporaryItem[] = [];
      for (const id of decision.ids) {
        const updated = await trx
          .updateTable('temporary_registrations')
          .set({ status, reject_reason: reason, updated_at: now })
          .where('id', '=', id)
          .where('edition_id', '=', edition.id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new AppError('tempNotFound');
        const row = await trx.selectFrom('temporary_registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await this.audit.record(trx as unknown as Db, who, {
          editionId: edition.id,
          action: `temporary.${decision.decision}`,
          targetType: 'temporary-registration',
          targetId: id,
          targetLabel: row.name,
          reason,
          at: now,
        });
        decided.push(toTemporaryItem(this.protection, row));
      }
      return decided;
    });
  }

  /**
   * One registration of the current edition with its opened (clear) document, for the audited
   * "show" of its mobile (organisers only; any other id is tempNotFound).
   */
  async stored(who: SignedInAccount, id: string): Promise<{ name: string; document: Record<string, unknown> }> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const row = await this.db
      .selectFrom('temporary_registrations')
      .select(['name', 'document'])
      .where('id', '=', id)
      .where('edition_id', '=', edition.id)
      .executeTakeFirst();
    if (!row) throw new AppError('tempNotFound');
    return { name: row.name, document: this.protection.openJson<Record<string, unknown>>('temporary-registration', row.document) };
  }

  /** The registration exists in the current edition (organisers only). */
  async assertVisible(who: SignedInAccount, id: string): Promise<void> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const row = await this.db
      .selectFrom('temporary_registrations')
      .select('id')
      .where('id', '=', id)
      .where('edition_id', '=', edition.id)
      .executeTakeFirst();
    if (!row) throw new AppError('tempNotFound');
  }
}

/** Decisions on temporary registrations: named by their rows. */
export const temporaryRegistrationAuditSubjects: AuditSubjects = { 'temporary-registration': { namedIn: 'temporary_registrations' } };
