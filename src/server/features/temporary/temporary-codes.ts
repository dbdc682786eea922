import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { TemporaryCode } from '../../../generated/types.js';
import type { TemporaryCodeItem, TemporaryType } from '../../../shared/temporary-api.js';
import { AppError } from '../../http/app-error.js';
import { refuseDuplicates } from '../../db/unique-violation.js';
import type { Db, Executor } from '../../db/database.js';
import type { Audit } from '../../audit/audit.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { Database } from '../../db/tables.js';
import type { TemporaryCodeTable, TemporaryDb, TemporaryTables } from './temporary-tables.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

/** The registration form's code field: refusals about the code are shown there. */
const INVITE_CODE_POINTER = '/inviteCode';

/** What a valid code binds the registration to. */
export interface CodeBinding {
  code: string;
  eventName: string;
  attendanceMode: string;
}

/**
 * The binding of a temporary registration lives on its invitation code (SPEC 8 names the three
 * refusals; where the binding is kept is our choice): checked in SPEC's order, after the
 * invitation-code catalogue's own blank (10001) and unknown (10002) answers. A code made for
 * another page is answered as unknown, so codes cannot be probed across pages.
 */
export async function bindingOf(
  executor: Executor<Database & TemporaryTables>,
  editionId: string,
  type: TemporaryType,
  raw: string,
): Promise<CodeBinding> {
  const code = raw.trim();
  const onField = INVITE_CODE_POINTER;
  if (code === '') throw new AppError('invitationBlank', {}, onField);
  // SPEC gives codes no case rule: people type temp2025 for TEMP2025
  const row = await executor
    .selectFrom('temporary_codes')
    .selectAll()
    .where('edition_id', '=', editionId)
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();
  if (!row || (row.registration_type !== null && row.registration_type !== type)) throw new AppError('invitationNotExist', {}, onField);
  if (row.event_name === null) throw new AppError('tempNoEvent', {}, onField);
  if (row.attendance_mode === null) throw new AppError('tempNoAttendanceMode', {}, onField);
  if (Number(row.event_discarded) === 1) throw new AppError('tempEventDiscarded', {}, onField);
  return { code: row.code, eventName: row.event_name, attendanceMode: row.attendance_mode };
}

function toItem(row: Selectable<TemporaryCodeTable> & { used: number | string | bigint }): TemporaryCodeItem {
  return {
    code: row.code,
    registrationType: row.registration_type as TemporaryType | null,
    eventName: row.event_name,
    attendanceMode: row.attendance_mode,
    eventDiscarded: Number(row.event_discarded) === 1,
    used: Number(row.used),
    createdAt: row.created_at,
  };
}

/** Organisers' side of the codes: create, list with usage, discard the event. */
export class TemporaryCodes {
  constructor(
    private readonly db: TemporaryDb,
    private readonly audit: Audit,
  ) {}

  /** The code and its audit entry commit together: no code without its entry, no entry without its code. */
  async create(who: SignedInAccount, editionId: string, body: TemporaryCode, at: string): Promise<void> {
    await refuseDuplicates(new AppError('alreadyExists', {}, '/code'), () =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('temporary_codes')
          .values({
            id: randomUUID(),
            edition_id: editionId,
            // kept in capitals: codes compare case-insensitively, and the unique index then sees temp2025 and TEMP2025 as one
            code: body.code.trim().toUpperCase(),
            registration_type: body.registrationType ?? null,
            event_name: body.eventName ?? null,
            attendance_mode: body.attendanceMode ?? null,
            created_at: at,
          })
          .execute();
        await this.audit.record(trx as unknown as Db, who, {
          editionId,
          action: 'temporary.code.create',
          targetType: 'temporary-code',
          targetId: body.code,
          targetLabel: body.code,
          after: body,
          at,
        });
      }),
    );
  }

  async list(editionId: string): Promise<TemporaryCodeItem[]> {
    const rows = await this.db
      .selectFrom('temporary_codes')
      .selectAll('temporary_codes')
      .select((eb) =>
        eb
          .selectFrom('temporary_registrations')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('temporary_registrations.edition_id', '=', 'temporary_codes.edition_id')
          .whereRef('temporary_registrations.invite_code', '=', 'temporary_codes.code')
          .as('used'),
      )
      .where('edition_id', '=', editionId)
      .orderBy('created_at', 'desc')
      .orderBy('code')
      .limit(500)
      .execute();
    return rows.map((row) => toItem({ ...row, used: row.used ?? 0 }));
  }

  /** Marks the code's event discarded (with its audit entry, in one transaction); later registrations with it answer "event discarded". */
  async discard(who: SignedInAccount, editionId: string, code: string, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('temporary_codes')
        .set({ event_discarded: 1 })
        .where('edition_id', '=', editionId)
        .where(sql<string>`upper(code)`, '=', code.trim().toUpperCase())
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('invitationNotExist');
      await this.audit.record(trx as unknown as Db, who, {
        editionId,
        action: 'temporary.code.discard',
        targetType: 'temporary-code',
        targetId: code,
        targetLabel: code,
        at,
      });
    });
  }
}

/** Organisers' temporary-registration codes. */
export const temporaryCodeAuditSubjects: AuditSubjects = { 'temporary-code': { schema: 'temporary-code' } };
