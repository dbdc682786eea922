import type { Db } from '../db/database.js';
import type { InviteCodeCheck } from '../../shared/guest-api.js';
import { AppError } from '../http/app-error.js';
import { shanghaiDate } from './clock.js';

type Executor = Pick<Db, 'selectFrom' | 'updateTable'>;

/**
 * The invitation-code catalogue of SPEC 8, checked in this order:
 * 10007 parameter absent; 10001 blank; 10002 no such code in the current edition (or a code
 * of another company: its existence is not revealed); 10003 the code is linked to no company;
 * 10004 the linked company does not exist; 10005 no guest type configured for the code;
 * 10006 no conversion rule (review needed or not) configured.
 * A code organisers revoked, past its last valid day, or used by as many guests as it allows
 * (migration 0009) answers 10002 like an unknown one: SPEC 8 has no other code for it.
 */
export async function checkInvitationCode(
  executor: Executor,
  editionId: string,
  unitId: string,
  code: string | undefined,
  /**
   * today (Asia/Shanghai) and the guest being saved, whose own use does not count; `claim`: the
   * caller's transaction is about to use the code, so a capped code is locked until it commits
   */
  use: { today?: string; exceptGuestId?: string; claim?: boolean } = {},
): Promise<InviteCodeCheck> {
  if (code === undefined) throw new AppError('invitationParameterEmpty');
  const trimmed = code.trim();
  if (trimmed === '') throw new AppError('invitationBlank');
  const row = await executor
    .selectFrom('invitation_codes')
    .leftJoin('units', 'units.id', 'invitation_codes.company_id')
    .select([
      'invitation_codes.code',
      'invitation_codes.company_id',
      'invitation_codes.guest_type',
      'invitation_codes.review_required',
      'invitation_codes.expires_at',
      'invitation_codes.max_uses',
      'invitation_codes.revoked_at',
      'units.id as unit_id',
      'units.name as unit_name',
    ])
    .where('invitation_codes.code', '=', trimmed)
    .where('invitation_codes.edition_id', '=', editionId)
    .executeTakeFirst();
  if (!row) throw new AppError('invitationNotExist');
  if (row.company_id === null) throw new AppError('invitationNotLinked');
  if (row.unit_id === null) throw new AppError('invitationNoCompany');
  if (row.unit_id !== unitId) throw new AppError('invitationNotExist');
  if (row.revoked_at) throw new AppError('invitationNotExist');
  if (row.expires_at && row.expires_at < (use.today ?? shanghaiDate(new Date()))) throw new AppError('invitationNotExist');
  if (row.max_uses !== null && row.max_uses !== undefined) {
    // Counting and then inserting is a race under PostgreSQL's READ COMMITTED (20 parallel saves
    // saw the same count): a no-op update takes the code row's lock (SQLite: the write lock), so
    // savers of one capped code queue here and each counts after the previous one committed.
    if (use.claim) {
      await executor
        .updateTable('invitation_codes')
        .set((eb) => ({ code: eb.ref('code') }))
        .where('code', '=', row.code)
        .where('edition_id', '=', editionId)
        .execute();
    }
    let users = executor.selectFrom('guests').select((eb) => eb.fn.countAll<number | string>().as('n')).where('edition_id', '=', editionId).where('invitation_code', '=', row.code);
    if (use.exceptGuestId) users = users.where('id', '!=', use.exceptGuestId);
    const { n } = await users.executeTakeFirstOrThrow();
    if (Number(n) >= Number(row.max_uses)) throw new AppError('invitationNotExist');
  }
  if (row.guest_type === null) throw new AppError('invitationGuestConfigMissing');
  if (row.review_required === null) throw new AppError('invitationConversionMissing');
  return { code: row.code, guestType: row.guest_type, reviewRequired: Number(row.review_required) === 1, unitName: row.unit_name ?? '' };
}
