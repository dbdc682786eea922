import { randomInt, randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import type { Page } from '../../../shared/api-types.js';
import type { CodeState, InvitationCodeItem } from '../../../shared/console-api.js';
import type { InvitationCodeBatch, InvitationCodePageQuery } from '../../../generated/types.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../audit/audit.js';
import { shanghaiDate } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { containsPattern, containsText, matchesLike } from '../../db/sql-fragments.js';
import { canonicalInvitationCode, CODE_TERMS, invitationCodeCandidates, mostExactCode } from './invitation-codes.js';
import { sql } from 'kysely';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

/** No 0/O, 1/I/L: codes are read out on the phone and typed from paper. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const usedCount = (eb: ExpressionBuilder<Database, 'invitation_codes'>) =>
  eb
    .selectFrom('guests')
    .select((inner) => inner.fn.countAll<number | string>().as('n'))
    .whereRef('guests.invitation_code', '=', 'invitation_codes.code')
    .whereRef('guests.edition_id', '=', 'invitation_codes.edition_id');

/** The codes' sortable columns (the `sort` enum of invitation-code-page-query); the code, unique in an edition, breaks ties. */
const CODE_SORT_COLUMNS: SortColumns<NonNullable<InvitationCodePageQuery['sort']>> = {
  code: { column: 'invitation_codes.code' },
  companyName: { column: 'units.name', nullable: true },
  guestType: { column: 'invitation_codes.guest_type', nullable: true },
  expiresOn: { column: 'invitation_codes.expires_at', nullable: true },
  createdAt: { column: 'invitation_codes.created_at' },
};

/** Organisers' invitation codes: created in batches, bound to a company, revoked, counted. */
export class CodesAdmin {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly audit: Audit,
  ) {}

  private today(): string {
    return shanghaiDate(this.editions.now());
  }

  async page(who: SignedInAccount, query: InvitationCodePageQuery): Promise<Page<InvitationCodeItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  /** A page of the edition's codes as the organisers' list shows them (filters, sort); the export reads the same pages. */
  async pageOf(editionId: string, query: InvitationCodePageQuery): Promise<Page<InvitationCodeItem>> {
    const pageNum = Number(query.pageNum ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    const today = this.today();
    let base = this.db
      .selectFrom('invitation_codes')
      .leftJoin('units', 'units.id', 'invitation_codes.company_id')
      .where('invitation_codes.edition_id', '=', editionId);
    // any case: PostgreSQL's like tells cases apart where SQLite's does not
    if (query.code) base = base.where(matchesLike(sql`upper(invitation_codes.code)`, containsPattern(canonicalInvitationCode(query.code))));
    if (query.companyName) base = base.where(containsText('units.name', query.companyName));
    const notExpired = (eb: ExpressionBuilder<Database, 'invitation_codes'>) =>
      eb.or([eb('invitation_codes.expires_at', 'is', null), eb('invitation_codes.expires_at', '>=', today)]);
    const usedUp = (eb: ExpressionBuilder<Database, 'invitation_codes'>) =>
      eb.and([eb('invitation_codes.max_uses', 'is not', null), eb(usedCount(eb), '>=', eb.ref('invitation_codes.max_uses'))]);
    switch (query.state) {
      case 'revoked':
        base = base.where('invitation_codes.revoked_at', 'is not', null);
        break;
      case 'expired':
        base = base.where('invitation_codes.revoked_at', 'is', null).where('invitation_codes.expires_at', '<', today);
        break;
      case 'used-up':
        base = base.where('invitation_codes.revoked_at', 'is', null).where((eb) => eb.and([notExpired(eb as never), usedUp(eb as never)]));
        break;
      case 'active':
        base = base
          .where('invitation_codes.revoked_at', 'is', null)
          .where((eb) => eb.and([notExpired(eb as never), eb.not(usedUp(eb as never))]));
        break;
      default:
        break;
    }
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([...CODE_TERMS, 'invitation_codes.note', 'invitation_codes.created_at', 'units.name as company_name'])
      .select((eb) => usedCount(eb as never).as('used_count'))
      .$call((q) =>
        orderedBy(q, CODE_SORT_COLUMNS, query, 'invitation_codes.code', isPostgres(this.db), (fallback) =>
          fallback.orderBy('invitation_codes.created_at', 'desc').orderBy('invitation_codes.code'),
        ),
      )
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const records = rows.map((row): InvitationCodeItem => {
      const used = Number(row.used_count ?? 0);
      const maxUses = row.max_uses === null || row.max_uses === undefined ? null : Number(row.max_uses);
      const state: CodeState = row.revoked_at
        ? 'revoked'
        : row.expires_at && row.expires_at < today
          ? 'expired'
          : maxUses !== null && used >= maxUses
            ? 'used-up'
            : 'active';
      return {
        code: row.code,
        companyId: row.company_id,
        companyName: row.company_name ?? null,
        guestType: row.guest_type,
        reviewRequired: row.review_required === null ? null : Number(row.review_required) === 1,
        usedCount: used,
        maxUses,
        expiresOn: row.expires_at ?? null,
        revokedAt: row.revoked_at ?? null,
        state,
        note: row.note ?? null,
        createdAt: row.created_at,
      };
    });
    return { records, total: Number(total), pageNum, pageSize };
  }

  /** All codes of the batch or none; the company must be a unit of the current edition (else 404). */
  async createBatch(who: SignedInAccount, batch: InvitationCodeBatch): Promise<string[]> {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const unit = await trx
        .selectFrom('units')
        .select(['id', 'name'])
        .where('id', '=', batch.companyId)
        .where('edition_id', '=', edition.id)
        .executeTakeFirst();
      if (!unit) throw new AppError('notFound');
      const now = this.editions.now().toISOString();
      const batchId = randomUUID();
      const codes = new Set<string>();
      while (codes.size < batch.count) codes.add(newCode());
      // 31^10 codes: a clash with a stored one is astronomically rare, and the primary key refuses it
      for (const code of codes) {
        await trx
          .insertInto('invitation_codes')
          .values({
            code,
            edition_id: edition.id,
            unit_id: unit.id,
            company_id: unit.id,
            guest_type: batch.guestType,
            review_required: batch.reviewRequired ? 1 : 0,
            used_by: null,
            created_at: now,
            expires_at: batch.expiresOn ?? null,
            max_uses: batch.maxUses ?? null,
            revoked_at: null,
            batch_id: batchId,
            note: batch.note ?? null,
          })
          .execute();
      }
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'invitation-code.create',
        targetType: 'invitation-code-batch',
        targetId: batchId,
        targetLabel: `${unit.name} × ${batch.count}`,
        after: { ...batch, codes: [...codes] },
        at: now,
      });
      return [...codes];
    });
  }

  /** Revoking twice is harmless; guests already added with the code keep it. */
  async revoke(who: SignedInAccount, code: string): Promise<void> {
    assertOrganiser(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const candidates = invitationCodeCandidates(code);
      const rows = await trx
        .selectFrom('invitation_codes')
        .select(['code', 'revoked_at'])
        .where('code', 'in', candidates)
        .where('edition_id', '=', edition.id)
        .execute();
      const row = mostExactCode(candidates, rows);
      if (!row) throw new AppError('notFound');
      if (row.revoked_at) return;
      const now = this.editions.now().toISOString();
      await trx.updateTable('invitation_codes').set({ revoked_at: now }).where('code', '=', row.code).execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'invitation-code.revoke',
        targetType: 'invitation-code',
        targetId: row.code,
        targetLabel: row.code,
        before: { revokedAt: null },
        after: { revokedAt: now },
        at: now,
      });
    });
  }
}

/** Organisers' invitation-code batches. */
export const invitationAuditSubjects: AuditSubjects = { 'invitation-code-batch': { schema: 'invitation-code-batch' } };
