import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { onPage, pageOf } from '../db/paging.js';
import type { Page } from '../../shared/api-types.js';
import type { AuditEntry } from '../../shared/guest-api.js';
import type { AuditLogItem } from '../../shared/console-api.js';
import type { AuditFilterQuery } from '../../generated/types.js';
import { sql } from 'kysely';
import { containsPattern } from './console-sql.js';
import type { SignedInAccount } from './sessions.js';

export interface AuditRecord {
  editionId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  at: string;
  /** readable target (a guest's name, a code, a hotel's name) and the values before and after (JSON-able) */
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who did what, when and why: decisions on guests and settings (written in the same transaction). */
export class Audit {
  constructor(private readonly db: Db) {}

  async record(executor: Pick<Db, 'insertInto'>, who: SignedInAccount, entry: AuditRecord): Promise<void> {
    await executor
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        edition_id: entry.editionId,
        actor_account_id: who.id,
        actor_account: who.account,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        reason: entry.reason ?? null,
        at: entry.at,
        ...(entry.targetLabel !== undefined ? { target_label: entry.targetLabel } : {}),
        ...(entry.before !== undefined ? { before_value: JSON.stringify(entry.before) } : {}),
        ...(entry.after !== undefined ? { after_value: JSON.stringify(entry.after) } : {}),
      })
      .execute();
  }

  async page(editionId: string, pageNum: number, pageSize: number): Promise<Page<AuditEntry>> {
    const base = this.db.selectFrom('audit_log').where('edition_id', '=', editionId);
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id')
      .$call(onPage(pageNum, pageSize))
      .execute();
    const records = rows.map((row) => ({
      id: row.id,
      actorAccount: row.actor_account,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      reason: row.reason,
      at: row.at,
    }));
    return pageOf(records, total, pageNum, pageSize);
  }

  /** The console's view: filtered, with readable targets and the values before and after. */
  async filteredPage(editionId: string, filter: AuditFilterQuery): Promise<Page<AuditLogItem>> {
    const pageNum = Number(filter.pageNum ?? 1);
    const pageSize = Number(filter.pageSize ?? 20);
    let base = this.db.selectFrom('audit_log').where('edition_id', '=', editionId);
    if (filter.action) base = base.where('action', '=', filter.action);
    if (filter.targetType) base = base.where('target_type', '=', filter.targetType);
    if (filter.actor) base = base.where(sql<boolean>`actor_account like ${containsPattern(filter.actor)} escape '\\'`);
    // the days are Asia/Shanghai days; times are stored in UTC
    if (filter.from) base = base.where('at', '>=', new Date(`${filter.from}T00:00:00+08:00`).toISOString());
    if (filter.to) base = base.where('at', '<', new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000).toISOString());
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('at', 'desc').orderBy('id').$call(onPage(pageNum, pageSize)).execute();
    const parsed = (value: string | null | undefined): unknown => (value ? JSON.parse(value) : null);
    // entries written before migration 0009 (review decisions, receptions) name the guest by id only
    const guestIds = [...new Set(rows.filter((row) => !row.target_label && row.target_type === 'guest').map((row) => row.target_id))];
    const guestNames = new Map(
      guestIds.length ? (await this.db.selectFrom('guests').select(['id', 'name']).where('id', 'in', guestIds).execute()).map((g) => [g.id, g.name]) : [],
    );
    const records = rows.map((row) => ({
      id: row.id,
      actorAccount: row.actor_account,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetLabel: row.target_label ?? guestNames.get(row.target_id) ?? null,
      reason: row.reason,
      before: parsed(row.before_value),
      after: parsed(row.after_value),
      at: row.at,
    }));
    return pageOf(records, total, pageNum, pageSize);
  }
}
