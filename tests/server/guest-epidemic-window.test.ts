import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { EntourageItem, GuestDetail, GuestSummary } from '../../src/shared/guest-api.js';
import { guestApiPaths } from '../../src/shared/guest-api.js';
import { addGuest, caller, detail, ENTERPRISE, ENTERPRISE2, memberBody, movableClock, residentId, uploadedFile } from './guests-harness.js';
import { guestBody } from './helpers/guest-body.js';

const epidemic = { healthy: true, vaccinated: true, vaccinationDoses: 3, testResult: 'negative', testDate: '2026-06-10' };

describeEachDatabase('guests: epidemic information, registration window, masked entourage ID numbers', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('keeps epidemic-prevention information for approved guests of the unit only', async () => {
    const c = await caller(t, ENTERPRISE);
    const pending = await addGuest(c, t, ENTERPRISE, 400);
    const refused = await c.put(guestApiPaths.guestEpidemic(pending.id), epidemic);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The guest must be approved first');

    const approved = await addGuest(c, t, ENTERPRISE, 401, { inviteCode: 'INVITE2025A' });
    expect((await detail(c, approved.id)).epidemic).toBeNull();
    const saved = await c.put<GuestSummary>(guestApiPaths.guestEpidemic(approved.id), epidemic);
    expect(saved.status).toBe(200);
    expect((await detail(c, approved.id)).epidemic).toEqual(epidemic);
    const row = await t.app.db.selectFrom('guests').select(['epidemic_version']).where('id', '=', approved.id).executeTakeFirstOrThrow();
    expect(row.epidemic_version).toBe(2);

    const invalid = await c.put(guestApiPaths.guestEpidemic(approved.id), { healthy: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors?.length).toBeGreaterThan(0);

    const other = await caller(t, ENTERPRISE2);
    expect((await other.put(guestApiPaths.guestEpidemic(approved.id), epidemic)).status).toBe(404);
  });

  it('adds guests only inside the registration window (Asia/Shanghai dates, inclusive)', async () => {
    const c = await caller(t, ENTERPRISE);
    try {
      // 2026-08-31 23:30 in Shanghai: the day before the window opens
      time.set('2026-08-31T15:30:00.000Z');
      const early = await c.post('qms/guest', guestBody(residentId(410), await uploadedFile(t, ENTERPRISE)));
      expect(early.status).toBe(400);
      expect(early.body.msg).toBe('Guests can only be added during the registration period (2026-09-01 to 2027-07-31)');
      // 2026-09-01 00:30 in Shanghai: open
      time.set('2026-08-31T16:30:00.000Z');
      expect((await c.post('qms/guest', guestBody(residentId(411), await uploadedFile(t, ENTERPRISE)))).status).toBe(200);
      // 2027-08-01 in Shanghai: closed again
      time.set('2027-07-31T16:30:00.000Z');
      const late = await c.post('qms/guest', guestBody(residentId(412), await uploadedFile(t, ENTERPRISE)));
      expect(late.status).toBe(400);
      expect(late.body.key).toBe('server.guests.outsideRegistrationWindow');
    } finally {
      time.set('2027-06-01T04:00:00.000Z');
    }
  });

  it('masks entourage ID numbers in every answer: list, detail, add and save', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 420, { inviteCode: 'INVITE2025A' });
    const full = residentId(421);
    const masked = `370202********${full.slice(-4)}`;
    const added = await c.post<EntourageItem>(guestApiPaths.entourage(guest.id), memberBody(full, await uploadedFile(t, ENTERPRISE)));
    expect(added.body.data.document.idNumber).toBe(masked);
    const saved = await c.put<EntourageItem>(
      guestApiPaths.entourageMember(guest.id, added.body.data.id),
      memberBody(full, await uploadedFile(t, ENTERPRISE)),
    );
    expect(saved.body.data.document.idNumber).toBe(masked);
    const list = await c.get<EntourageItem[]>(guestApiPaths.entourage(guest.id));
    expect(list.body.data.map((m) => m.document.idNumber)).toEqual([masked]);
    const shown = await c.get<GuestDetail>(guestApiPaths.guest(guest.id));
    expect(shown.body.data.entourage.map((m) => m.document.idNumber)).toEqual([masked]);
    for (const body of [added, saved, list, shown]) expect(JSON.stringify(body.body)).not.toContain(full);
    // the full number is still what is stored, sealed (issue 18): opened it is the full number
    const row = await t.app.db
      .selectFrom('entourage_members')
      .select('document')
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.document).not.toContain(full);
    expect(t.app.services.protection.openJson('entourage-member', row.document).idNumber).toBe(full);
  });
});
