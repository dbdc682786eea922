import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { onPage, pageOf } from '../db/paging.js';
import type { Page } from '../../shared/api-types.js';
import type { AuditEntry } from '../../shared/guest-api.js';
import type { SignedInAccount } from './sessions.js';

export interface AuditRecord {
  editionId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  at: string;
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
}
