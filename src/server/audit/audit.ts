import { randomUUID } from 'node:crypto';
import { maskMobile } from '../../shared/sensitive-fields.js';
import { channelOf } from '../security/account-name.js';
import type { Db, Executor } from '../db/database.js';
import { onPage, pageOf } from '../db/paging.js';
import type { Page } from '../../shared/api-types.js';
import type { AuditEntry } from '../../shared/guest-api.js';
import type { AuditLogItem } from '../../shared/console-api.js';
import type { AuditFilterQuery } from '../../generated/types.js';
import type { Kysely } from 'kysely';
import { containsText } from '../db/sql-fragments.js';
import { isPostgres } from '../db/dialect.js';
import { orderedBy, type SortColumns } from '../db/list-order.js';
import type { SignedInAccount } from '../auth/sessions.js';
import type { ReadableValues } from '../exports/readable-values.js';
import type { AuditSubjects } from './audit-subjects.js';
import type { AuditAction, AuditTargetType } from '../../shared/audit-actions.js';
import { actionLabel, readableChanges, readableTarget, targetTypeLabel, type AuditChange } from './audit-readable.js';

/** The audit log's sortable columns (the `sort` enum of audit-filter-query); indexed by migration 0035. */
const AUDIT_SORT_COLUMNS: SortColumns<NonNullable<AuditFilterQuery['sort']>> = {
  at: { column: 'at' },
  actor: { column: 'actor_account' },
  action: { column: 'action' },
};

export interface AuditRecord {
  editionId: string;
  /** one of the audit log filter's choices: what is written can be filtered for and read in both languages */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string | null;
  at: string;
  /** readable target (a guest's name, a code, a hotel's name) and the values before and after (JSON-able) */
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * An entry of the console's view; `changesIn` reads its changes in another language (the
 * export's: its page reader has none, its columns have the download's).
 */
export type AuditLogEntry = AuditLogItem & { changesIn(read: ReadableValues): AuditChange[] };

/** Who did what, when and why: decisions on guests and settings (written in the same transaction). */
export class Audit {
  constructor(
    private readonly db: Db,
    /** each feature's target types (composition.ts) */
    private readonly subjects: AuditSubjects,
  ) {}

  async record(executor: Executor, who: SignedInAccount, entry: AuditRecord): Promise<void> {
    await executor
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        edition_id: entry.editionId,
        actor_account_id: who.id,
        // a mobile sign-in name is personal data: the log keeps its mask (the account id identifies the actor)
        actor_account: channelOf(who.account) === 'sms' ? maskMobile(who.account) : who.account,
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
    const rows = await base.selectAll().orderBy('at', 'desc').orderBy('id').$call(onPage(pageNum, pageSize)).execute();
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

  /**
   * The console's view: filtered, in the reader's language (`read`): the action's text, a
   * readable target and the changed fields with labelled values. `read: null`: the caller reads each entry's texts in its own language (the workbook), so the
   * page leaves `changes` empty instead of working them out once more in a language nobody reads.
   */
  async filteredPage(editionId: string, filter: AuditFilterQuery, read: ReadableValues | null): Promise<Page<AuditLogEntry>> {
    const pageNum = Number(filter.pageNum ?? 1);
    const pageSize = Number(filter.pageSize ?? 20);
    let base = this.db.selectFrom('audit_log').where('edition_id', '=', editionId);
    if (filter.action) base = base.where('action', '=', filter.action);
    if (filter.targetType) base = base.where('target_type', '=', filter.targetType);
    if (filter.actor) base = base.where(containsText('actor_account', filter.actor));
    // the days are Asia/Shanghai days; times are stored in UTC
    if (filter.from) base = base.where('at', '>=', new Date(`${filter.from}T00:00:00+08:00`).toISOString());
    if (filter.to) base = base.where('at', '<', new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000).toISOString());
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await orderedBy(base.selectAll(), AUDIT_SORT_COLUMNS, filter, 'id', isPostgres(this.db), (q) =>
      q.orderBy('at', 'desc').orderBy('id'),
    )
      .$call(onPage(pageNum, pageSize))
      .execute();
    const parsed = (value: string | null | undefined): unknown => (value ? JSON.parse(value) : null);
    // entries written before migration 0009 (review decisions, receptions) name the target by id only
    const names = new Map<string, string>();
    for (const [targetType, { namedIn: table }] of Object.entries(this.subjects)) {
      if (!table) continue;
      const ids = [...new Set(rows.filter((row) => !row.target_label && row.target_type === targetType).map((row) => row.target_id))];
      if (ids.length === 0) continue;
      // a subject's namedIn table has id and name columns (AuditSubject)
      const named = this.db as unknown as Kysely<Record<string, { id: string; name: string }>>;
      for (const found of await named.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute())
        names.set(found.id, found.name);
    }
    const idNames = await this.namesOfIds(rows.flatMap((row) => [...idsIn(parsed(row.before_value)), ...idsIn(parsed(row.after_value))]));
    const named = (value: unknown) => withNames(value, idNames);
    const records = rows.map((row): AuditLogEntry => {
      const before = parsed(row.before_value);
      const after = parsed(row.after_value);
      const schema = this.subjects[row.target_type]?.schema;
      const [namedBefore, namedAfter] = [named(before), named(after)];
      return {
        id: row.id,
        actorAccount: row.actor_account,
        action: row.action,
        actionLabel: read ? actionLabel(read, row.action) : row.action,
        targetType: row.target_type,
        targetTypeLabel: read ? targetTypeLabel(read, row.target_type) : row.target_type,
        targetId: row.target_id,
        targetLabel: readableTarget(row.target_label ?? names.get(row.target_id) ?? null, row.target_id),
        reason: row.reason,
        before,
        after,
        changes: read ? readableChanges(read, schema, namedBefore, namedAfter) : [],
        changesIn: (other) => readableChanges(other, schema, namedBefore, namedAfter),
        at: row.at,
      };
    });
    return pageOf(records, total, pageNum, pageSize);
  }

  /** Names of the units, hotels and guests among ids a change holds (a notice's units, a receptionist's hotel). */
  private async namesOfIds(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const names = new Map<string, string>();
    if (unique.length === 0) return names;
    const named = this.db as unknown as Kysely<Record<string, { id: string; name: string }>>;
    for (const table of ['units', 'hotels', 'guests']) {
      for (const found of await named.selectFrom(table).select(['id', 'name']).where('id', 'in', unique).execute())
        names.set(found.id, found.name);
    }
    return names;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idsIn(value: unknown): string[] {
  if (typeof value === 'string') return UUID.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(idsIn);
  return [];
}

function withNames(value: unknown, names: Map<string, string>): unknown {
  if (typeof value === 'string') return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => withNames(item, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withNames(item, names)]));
  return value;
}
