/**
 * The separate consent to the processing of an ID number (PIPL art. 29, issue 18): a guest or
 * entourage member is saved only with it ticked; the server records the text's version and the
 * time by its own clock, keeps that record while the ID number and the text stay the same, and
 * asks again (the reopened form has no tick) when the consent on record is to an older text.
 */
import { expect, it } from 'vitest';
import type { EntourageItem, GuestDetail, GuestSummary } from '../../src/shared/guest-api.js';
import { idNumberConsentField } from '../../src/server/features/guests/id-number-consents.js';
import { describeEachDatabase } from './helpers/databases.js';
import { guestBody } from './helpers/guest-body.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, detail, ENTERPRISE, memberBody, movableClock, ORGANISER, residentId, uploadedFile } from './guests-harness.js';

const currentVersion = idNumberConsentField('guest')?.version ?? 0;

describeEachDatabase('ID-number consent', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('is asked for by both schemas, under the same text version', () => {
    expect(idNumberConsentField('guest')).toMatchObject({ field: 'idNumberConsent', covers: 'idNumber' });
    expect(idNumberConsentField('entourage-member')).toMatchObject({
      field: 'idNumberConsent',
      covers: 'idNumber',
      version: currentVersion,
    });
    expect(currentVersion).toBeGreaterThanOrEqual(1);
  });

  it('refuses a guest without the tick on its field, and records version and server time with it', async () => {
    time.set('2027-06-01T04:00:00.000Z');
    const c = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    const { idNumberConsent: _left, ...unticked } = guestBody(residentId(701), photo);
    for (const body of [unticked, { ...unticked, idNumberConsent: false }]) {
      const refused = await c.post('qms/guest', body);
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors?.map((f) => f.pointer)).toContain('/idNumberConsent');
    }
    expect(await t.app.db.selectFrom('guests').select('id').where('id_number_masked', 'like', '%7015').execute()).toHaveLength(0);

    const added = await c.post<GuestSummary>('qms/guest', guestBody(residentId(701), photo));
    expect(added.status).toBe(200);
    const row = await t.app.db
      .selectFrom('guests')
      .select(['id_number_consent_version', 'id_number_consent_at'])
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id_number_consent_version: currentVersion, id_number_consent_at: '2027-06-01T04:00:00.000Z' });

    // the organiser's record says when and to which text; the unit's form reopens ticked
    const organiser = await caller(t, ORGANISER);
    const read = await organiser.get<GuestDetail>(`admin/guest/${added.body.data.id}`);
    expect(read.body.data.idNumberConsent).toMatchObject({ version: currentVersion, at: '2027-06-01T04:00:00.000Z' });
    expect((await detail(c, added.body.data.id)).document.idNumberConsent).toBe(true);
  });

  it('keeps the consent on record while the ID number stays; a new ID number or an older text records it anew', async () => {
    time.set('2027-06-01T05:00:00.000Z');
    const c = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    const added = (await c.post<GuestSummary>('qms/guest', guestBody(residentId(702), photo))).body.data;
    const consentOf = async () => (await detail(c, added.id)).idNumberConsent;

    time.set('2027-06-02T05:00:00.000Z');
    expect((await c.put(`qms/guest/${added.id}`, guestBody(residentId(702), photo, { nameZh: '改名' }))).status).toBe(200);
    expect(await consentOf()).toMatchObject({ version: currentVersion, at: '2027-06-01T05:00:00.000Z' });

    time.set('2027-06-03T05:00:00.000Z');
    expect((await c.put(`qms/guest/${added.id}`, guestBody(residentId(703), photo))).status).toBe(200);
    expect(await consentOf()).toMatchObject({ version: currentVersion, at: '2027-06-03T05:00:00.000Z' });

    // on record under an older text: kept as it is until the next save, and the form asks again
    await t.app.db
      .updateTable('guests')
      .set({ id_number_consent_version: currentVersion - 1 })
      .where('id', '=', added.id)
      .execute();
    const reopened = await detail(c, added.id);
    expect(reopened.idNumberConsent).toMatchObject({ version: currentVersion - 1, at: '2027-06-03T05:00:00.000Z' });
    expect(reopened.document).not.toHaveProperty('idNumberConsent');
    time.set('2027-06-04T05:00:00.000Z');
    expect((await c.put(`qms/guest/${added.id}`, guestBody(residentId(703), photo))).status).toBe(200);
    expect(await consentOf()).toMatchObject({ version: currentVersion, at: '2027-06-04T05:00:00.000Z' });
  });

  it('asks the same of an entourage member', async () => {
    time.set('2027-06-05T05:00:00.000Z');
    const c = await caller(t, ENTERPRISE);
    // an approved guest (the code needs no review): only those have an entourage
    const guest = await addGuest(c, t, ENTERPRISE, 704, { inviteCode: 'INVITE2025A' });
    const { idNumberConsent: _left, ...unticked } = memberBody(residentId(705), await uploadedFile(t, ENTERPRISE));
    const refused = await c.post(`qms/guest/${guest.id}/entourage`, unticked);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.map((f) => f.pointer)).toContain('/idNumberConsent');

    const added = await c.post<EntourageItem>(`qms/guest/${guest.id}/entourage`, { ...unticked, idNumberConsent: true });
    expect(added.status).toBe(200);
    expect(added.body.data.idNumberConsent).toMatchObject({ version: currentVersion, at: '2027-06-05T05:00:00.000Z' });
    const listed = await c.get<EntourageItem[]>(`qms/guest/${guest.id}/entourage`);
    expect(listed.body.data[0]?.idNumberConsent).toMatchObject({ version: currentVersion, at: '2027-06-05T05:00:00.000Z' });
  });
});
