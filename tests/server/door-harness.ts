/** Shared set-up of the door's tests: an entourage member added, a person's live badge as its token. */
import { expect } from 'vitest';
import type { TestApp } from './helpers/test-app.js';
import { memberBody, residentId, uploadedFile, type Caller } from './guests-harness.js';

/** Adds an entourage member (ID number from `sequence`) to a unit's guest and answers the member's id. */
export async function addMember(unit: Caller, t: TestApp, account: string, guestId: string, sequence: number): Promise<string> {
  const member = await unit.post<{ id: string }>(
    `qms/guest/${guestId}/entourage`,
    memberBody(residentId(sequence), await uploadedFile(t, account)),
  );
  expect(member.status).toBe(200);
  return member.body.data.id;
}

/** The QR code's token of a person's live badge: the guest's own (`memberId` null) or an entourage member's. */
export async function liveBadgeToken(app: TestApp['app'], guestId: string, memberId: string | null = null): Promise<string> {
  const badge = await app.db
    .withTables<{ badges: { id: string; guest_id: string | null; member_id: string | null; revoked_at: string | null } }>()
    .selectFrom('badges')
    .select('id')
    .where('guest_id', '=', guestId)
    .where('member_id', memberId === null ? 'is' : '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return app.services.door.tokens.tokenOf(badge.id);
}
