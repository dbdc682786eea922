import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { AutomaticMessages } from '../account/automatic-messages.js';
import type { Page } from '../../../shared/api-types.js';
import { DEFAULT_LANGUAGE } from '../../../shared/constants.js';
import type { AuditStatus, GuestSummary, ReviewItem } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { Translator } from '../../http/translator.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { toSummary } from './guest-repository.js';
import type { Guests } from './guests.js';
import { sealReception } from '../reception/sealed-receptions.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { ReviewDecision as ReviewDecisionBody, ReviewPageQuery } from '../../../generated/types.js';

export interface ReviewDecision {
  ids: string[];
  decision: ReviewDecisionBody['decision'];
  reason?: string;
}

/** The organisers' console: review queue, decisions (with notice and audit), reception. */
export class Review {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly guests: Guests,
    private readonly audit: Audit,
    private readonly translator: Translator,
    private readonly automatic: AutomaticMessages,
  ) {}

  /** The queue as its list shows it (status defaults to pending); the export reads the same pages. */
  async page(who: SignedInAccount, query: ReviewPageQuery): Promise<Page<ReviewItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  pageOf(editionId: string, query: ReviewPageQuery): Promise<Page<ReviewItem>> {
    const { pageNum, pageSize, status, ...filters } = query;
    return this.guests.repository.reviewPage(
      { editionId, unitId: null, status: status ?? 'pending', ...filters },
      Number(pageNum ?? 1),
      Number(pageSize ?? 20),
    );
  }

  /**
   * One transaction for the whole batch: every guest is decided, its unit gets a notice and
   * the audit log a line, or nothing happens (an unknown id answers 404 for all).
   */
  async decide(who: SignedInAccount, decision: ReviewDecision): Promise<GuestSummary[]> {
    assertOrganiser(who);
    if (decision.ids.length === 0) throw new AppError('selectAttendees');
    const status: AuditStatus = decision.decision === 'approve' ? 'approved' : 'rejected';
    const reason = status === 'rejected' ? (decision.reason ?? null) : null;
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const now = this.editions.now().toISOString();
      const decided: GuestSummary[] = [];
      // rows are locked in one order (sorted ids) before any is changed: two batches that share
      // guests, listed in different orders, wait for each other instead of deadlocking (PostgreSQL)
      for (const id of [...new Set(decision.ids)].sort()) await this.guests.load(trx, edition, null, id, true);
      for (const id of decision.ids) {
        const row = await this.guests.load(trx, edition, null, id, true);
        await trx
          .updateTable('guests')
          .set({ audit_status: status, reject_reason: reason, updated_at: now })
          .where('id', '=', id)
          .execute();
        if (status === 'approved') await this.guests.accountLinks.link(trx, id);
        // the keys and values are kept: each reader gets the notice in their own language
        const text = {
          titleKey: 'server.review.noticeTitle',
          contentKey: `server.review.${status}`,
          params: { name: row.name, reason: reason ?? '' },
        };
        await trx
          .insertInto('notices')
          .values({
            id: randomUUID(),
            edition_id: edition.id,
            title: this.translator.t(DEFAULT_LANGUAGE, text.titleKey),
            content: this.translator.t(DEFAULT_LANGUAGE, text.contentKey, text.params),
            title_key: text.titleKey,
            content_key: text.contentKey,
            text_params: JSON.stringify(text.params),
            audience: null,
            unit_id: row.unit_id,
            release_time: now,
          })
          .execute();
        // the same news by e-mail or SMS to the unit's accounts, committed with the decision
        if (row.unit_id) {
          await this.automatic.queue(trx, {
            event: status === 'approved' ? 'guest-approved' : 'guest-rejected',
            editionId: edition.id,
            to: { unitId: row.unit_id },
            params: text.params,
          });
        }
        await this.audit.record(trx, who, {
          editionId: edition.id,
          action: `guest.${decision.decision}`,
          targetType: 'guest',
          targetId: id,
          reason,
          at: now,
        });
        decided.push(toSummary(await this.guests.load(trx, edition, null, id)));
      }
      return decided;
    });
  }

  /** Reception is set by organisers only; units read it in the guest detail. */
  async setReception(who: SignedInAccount, id: string, reception: Record<string, unknown>): Promise<GuestSummary> {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      await this.guests.load(trx, edition, null, id, true);
      const now = this.editions.now().toISOString();
      await trx
        .updateTable('guests')
        .set({
          reception: sealReception(this.guests.protection, reception, edition.id),
          reception_version: versionOf('reception'),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      await this.audit.record(trx, who, { editionId: edition.id, action: 'guest.reception', targetType: 'guest', targetId: id, at: now });
      return toSummary(await this.guests.load(trx, edition, null, id));
    });
  }

  async auditPage(who: SignedInAccount, pageNum: number, pageSize: number) {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.audit.page(edition.id, pageNum, pageSize);
  }

  async updateEdition(who: SignedInAccount, settings: Parameters<Editions['update']>[0]) {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.update(settings, trx);
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'edition.update',
        targetType: 'edition',
        targetId: edition.id,
        at: this.editions.now().toISOString(),
      });
      return edition;
    });
  }
}
