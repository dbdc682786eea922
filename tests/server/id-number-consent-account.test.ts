/**
 * Issue 18 point 4, follow-ups: a consent records the account that submitted it, answers carry
 * it (with the account's name) to organisers, and each consent given (first time, anew for a
 * new ID number, to a new text) is one audit entry with the text version, never the ID number.
 */
import { expect, it } from 'vitest';
import type { EntourageItem, GuestDetail, GuestSummary } from '../../src/shared/guest-api.js';
import { idNumberConsentField } from '../../src/server/features/guests/id-number-consents.js';
import { describeEachDatabase } from './helpers/databases.js';
import { guestBody } from './helpers/guest-body.js';
import { useTestApp } from './helpers/test-app.js';
import {
  accountRow,
  addGuest,
  caller,
  ENTERPRISE,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  uploadedFile,
} from './guests-harness.js';

const version = idNumberConsentField('guest')?.version ?? 0;
const masked = (id: string) => `${id.slice(0, 6)}********${id.slice(-4)}`;

describeEachDatabase('ID-number consent: who gave it, and the audit log', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  const consentEntries = (targetId: string) =>
    t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'personal-data.consent')
      .where('target_id', '=', targetId)
      .orderBy('at')
      .execute();
  const unitAccount = async () => {
    const { id } = await accountRow(t, ENTERPRISE);
    const { name } = await t.app.db.selectFrom('accounts').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, name };
  };

  it('records the submitting account on the guest, answers it to organisers and audits the consent with its version, not the number', async () => {
    time.set('2027-06-01T04:00:00.000Z');
    const account = await unitAccount();
    const unit = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    const idNumber = residentId(801);
    const added = (await unit.post<GuestSummary>('qms/guest', guestBody(idNumber, photo, { nameZh: '赵同意' }))).body.data;

    const row = await t.app.db
      .selectFrom('guests')
      .select(['id_number_consent_by', 'id_number_consent_version'])
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id_number_consent_by: account.id, id_number_consent_version: version });
    const organiser = await caller(t, ORGANISER);
    const read = (await organiser.get<GuestDetail>(`admin/guest/${added.id}`)).body.data;
    expect(read.idNumberConsent).toEqual({ version, at: '2027-06-01T04:00:00.000Z', by: account.id, byName: account.name });

    const entries = await consentEntries(added.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_account_id: account.id,
      target_type: 'guest',
      target_label: '赵同意',
      at: '2027-06-01T04:00:00.000Z',
      before_value: null,
    });
    expect(JSON.parse(entries[0]!.after_value ?? 'null')).toEqual({ consentVersion: version, consentAt: '2027-06-01T04:00:00.000Z' });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(idNumber);
    expect(stored).not.toContain(masked(idNumber));

    // the organisers' log reads it in words
    const log = await organiser.get<{
      records: { action: string; targetId: string; actionLabel: string; changes: { field: string; after: string }[] }[];
    }>('admin/console/audit/page?pageNum=1&pageSize=20&action=personal-data.consent');
    const readable = log.body.data.records.find((record) => record.targetId === added.id);
    expect(readable?.actionLabel).toBe('ID-number consent recorded');
    expect(readable?.changes).toContainEqual(expect.objectContaining({ field: 'Consent text version', after: String(version) }));
  });

  it('writes no entry while the consent on record stands; a new ID number or a new text is a consent given anew', async () => {
    time.set('2027-06-02T04:00:00.000Z');
    const unit = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    const added = (await unit.post<GuestSummary>('qms/guest', guestBody(residentId(802), photo))).body.data;

    time.set('2027-06-02T05:00:00.000Z');
    expect((await unit.put(`qms/guest/${added.id}`, guestBody(residentId(802), photo, { nameZh: '改名' }))).status).toBe(200);
    expect(await consentEntries(added.id)).toHaveLength(1);

    time.set('2027-06-02T06:00:00.000Z');
    const newNumber = residentId(803);
    expect((await unit.put(`qms/guest/${added.id}`, guestBody(newNumber, photo))).status).toBe(200);
    let entries = await consentEntries(added.id);
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[1]!.before_value ?? 'null')).toEqual({ consentVersion: version, consentAt: '2027-06-02T04:00:00.000Z' });
    expect(JSON.parse(entries[1]!.after_value ?? 'null')).toEqual({ consentVersion: version, consentAt: '2027-06-02T06:00:00.000Z' });
    expect(JSON.stringify(entries)).not.toContain(newNumber);

    // on record under an older text, by no known account (before 0021): the next save records it anew
    await t.app.db
      .updateTable('guests')
      .set({ id_number_consent_version: version - 1, id_number_consent_by: null })
      .where('id', '=', added.id)
      .execute();
    const organiser = await caller(t, ORGANISER);
    expect((await organiser.get<GuestDetail>(`admin/guest/${added.id}`)).body.data.idNumberConsent).toEqual({
      version: version - 1,
      at: '2027-06-02T06:00:00.000Z',
      by: null,
      byName: null,
    });
    time.set('2027-06-02T07:00:00.000Z');
    expect((await unit.put(`qms/guest/${added.id}`, guestBody(newNumber, photo))).status).toBe(200);
    entries = await consentEntries(added.id);
    expect(entries).toHaveLength(3);
    expect(JSON.parse(entries[2]!.before_value ?? 'null')).toEqual({ consentVersion: version - 1, consentAt: '2027-06-02T06:00:00.000Z' });
    expect(JSON.parse(entries[2]!.after_value ?? 'null')).toEqual({ consentVersion: version, consentAt: '2027-06-02T07:00:00.000Z' });
    const row = await t.app.db.selectFrom('guests').select('id_number_consent_by').where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(row.id_number_consent_by).toBe((await unitAccount()).id);
  });

  it('records and audits an entourage member’s consent the same way, and the guest record answers it per member', async () => {
    time.set('2027-06-03T04:00:00.000Z');
    const account = await unitAccount();
    const unit = await caller(t, ENTERPRISE);
    const guest = await addGuest(unit, t, ENTERPRISE, 804, { inviteCode: 'INVITE2025A' });
    const memberNumber = residentId(805);
    const member = (
      await unit.post<EntourageItem>(
        `qms/guest/${guest.id}/entourage`,
        memberBody(memberNumber, await uploadedFile(t, ENTERPRISE), { nameZh: '孙随行' }),
      )
    ).body.data;
    const expected = { version, at: '2027-06-03T04:00:00.000Z', by: account.id, byName: account.name };
    expect(member.idNumberConsent).toEqual(expected);
    const row = await t.app.db
      .selectFrom('entourage_members')
      .select('id_number_consent_by')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.id_number_consent_by).toBe(account.id);

    const entries = await consentEntries(member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_account_id: account.id, target_type: 'entourage', target_label: '孙随行' });
    expect(JSON.parse(entries[0]!.after_value ?? 'null')).toEqual({ consentVersion: version, consentAt: '2027-06-03T04:00:00.000Z' });
    expect(JSON.stringify(entries)).not.toContain(memberNumber);

    // a save that keeps the number writes nothing more and answers the consent on record
    time.set('2027-06-03T05:00:00.000Z');
    const saved = await unit.put<EntourageItem>(
      `qms/guest/${guest.id}/entourage/${member.id}`,
      memberBody(memberNumber, await uploadedFile(t, ENTERPRISE), { nameZh: '孙随行' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.idNumberConsent).toEqual(expected);
    expect(await consentEntries(member.id)).toHaveLength(1);

    const organiser = await caller(t, ORGANISER);
    const read = (await organiser.get<GuestDetail>(`admin/guest/${guest.id}`)).body.data;
    expect(read.entourage.map((m) => [m.id, m.idNumberConsent])).toEqual([[member.id, expected]]);
  });
});
