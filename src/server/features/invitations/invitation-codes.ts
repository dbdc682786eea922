import type { Db, Executor } from '../../db/database.js';
import { shanghaiDate, type Clock } from '../../clock.js';
import type { InviteCodeCheck } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { ErrorName } from '../../../shared/error-catalogue.js';

/**
 * SPEC gives invitation codes no case rule, and people type invite2025a for INVITE2025A: codes
 * are stored in capitals (generated, seeded, and older ones by migration 0025) and a typed code
 * is read in capitals too, so the look-up stays an equality on the primary key.
 */
export function canonicalInvitationCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/**
 * The stored codes a typed one can mean, most exact first: the code as typed, then its capitals.
 * The first matters only for a code stored before migration 0025 whose capitals were already
 * another code's (migration 0025 left it as it was): typed exactly, it is still found.
 */
export function invitationCodeCandidates(typed: string): string[] {
  const trimmed = typed.trim();
  return [...new Set([trimmed, canonicalInvitationCode(trimmed)])];
}

/**
 * What a code decides (company, guest type, review, expiry, cap, revocation): what the check at
 * registration reads and what the console's list shows a code's state from.
 */
export const CODE_TERMS = [
  'invitation_codes.code',
  'invitation_codes.company_id',
  'invitation_codes.guest_type',
  'invitation_codes.review_required',
  'invitation_codes.expires_at',
  'invitation_codes.max_uses',
  'invitation_codes.revoked_at',
] as const;

/** Of the rows the candidates found, the one of the most exact candidate. */
export function mostExactCode<Row extends { code: string }>(candidates: string[], rows: Row[]): Row | undefined {
  return candidates.map((candidate) => rows.find((row) => row.code === candidate)).find((row) => row !== undefined);
}

/**
 * The invitation-code catalogue of SPEC 8, checked in this order:
 * 10007 parameter absent; 10001 blank; 10002 no such code in the current edition (or a code
 * of another company: its existence is not revealed); 10003 the code is linked to no company;
 * 10004 the linked company does not exist; 10005 no guest type configured for the code;
 * 10006 no conversion rule (review needed or not) configured.
 * A code organisers revoked, past its last valid day, or used by as many guests as it allows
 * (migration 0009) answers 10002 like an unknown one: SPEC 8 has no other code for it.
 * The answer's `code` is the code as stored, whatever case it was typed in: that is what a guest keeps.
 */
export async function checkInvitationCode(
  executor: Executor,
  editionId: string,
  unitId: string,
  code: string | undefined,
  /**
   * today (Asia/Shanghai) and the guest being saved, whose own use does not count; `claim`: the
   * caller's transaction is about to use the code, so a capped code is locked until it commits;
   * `field`: the pointer of the body's field the code was typed in, so a refusal shows on it
   */
  use: { today: string; exceptGuestId?: string; claim?: boolean; field?: string },
): Promise<InviteCodeCheck> {
  const refuse = (name: ErrorName) => new AppError(name, {}, use.field);
  if (code === undefined) throw refuse('invitationParameterEmpty');
  if (code.trim() === '') throw refuse('invitationBlank');
  const candidates = invitationCodeCandidates(code);
  const rows = await executor
    .selectFrom('invitation_codes')
    .leftJoin('units', 'units.id', 'invitation_codes.company_id')
    .select([...CODE_TERMS, 'units.id as unit_id', 'units.name as unit_name'])
    .where('invitation_codes.code', 'in', candidates)
    .where('invitation_codes.edition_id', '=', editionId)
    .execute();
  const row = mostExactCode(candidates, rows);
  if (!row) throw refuse('invitationNotExist');
  if (row.company_id === null) throw refuse('invitationNotLinked');
  if (row.unit_id === null) throw refuse('invitationNoCompany');
  if (row.unit_id !== unitId) throw refuse('invitationNotExist');
  if (row.revoked_at) throw refuse('invitationNotExist');
  if (row.expires_at && row.expires_at < use.today) throw refuse('invitationNotExist');
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
    let users = executor
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('edition_id', '=', editionId)
      .where('invitation_code', '=', row.code);
    if (use.exceptGuestId) users = users.where('id', '!=', use.exceptGuestId);
    const { n } = await users.executeTakeFirstOrThrow();
    if (Number(n) >= Number(row.max_uses)) throw refuse('invitationNotExist');
  }
  if (row.guest_type === null) throw refuse('invitationGuestConfigMissing');
  if (row.review_required === null) throw refuse('invitationConversionMissing');
  return { code: row.code, guestType: row.guest_type, reviewRequired: Number(row.review_required) === 1, unitName: row.unit_name ?? '' };
}

/** A unit's check of a typed code against the portal's own database. */
export class InvitationCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  check(editionId: string, unitId: string, code: string | undefined): Promise<InviteCodeCheck> {
    return checkInvitationCode(this.db, editionId, unitId, code, { today: shanghaiDate(this.clock.now()) });
  }
}
