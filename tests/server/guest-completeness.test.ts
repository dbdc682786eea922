import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { GuestSummary } from '../../src/shared/guest-api.js';
import { addGuest, caller, ENTERPRISE, itineraryBody, movableClock, ORGANISER } from './guests-harness.js';

/** Issue 11 items 3 and 4: the server, not the wizard, decides when a guest may confirm attendance. */
describeEachDatabase('guest attendance and completeness', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('lets only approved guests confirm attendance; declining stays open', async () => {
    const c = await caller(t, ENTERPRISE);
    const pending = await addGuest(c, t, ENTERPRISE, 600);
    await c.put(`qms/guest/${pending.id}/itinerary`, itineraryBody);
    const refused = await c.put(`qms/guest/${pending.id}/attendance`, { attend: true });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The guest must be approved first');
    expect((await c.put<GuestSummary>(`qms/guest/${pending.id}/attendance`, { attend: false })).body.data.attendance).toBe('not-attending');

    const organiser = await caller(t, ORGANISER);
    expect((await organiser.post('admin/review/decide', { ids: [pending.id], decision: 'reject', reason: '资料不全' })).status).toBe(200);
    expect((await c.put(`qms/guest/${pending.id}/attendance`, { attend: true })).status).toBe(400);
    const stored = await t.app.db.selectFrom('guests').select('attendance').where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(stored.attendance).toBe('not-attending');

    const approved = await addGuest(c, t, ENTERPRISE, 601, { inviteCode: 'INVITE2025A' });
    await c.put(`qms/guest/${approved.id}/itinerary`, itineraryBody);
    expect((await c.put<GuestSummary>(`qms/guest/${approved.id}/attendance`, { attend: true })).body.data.attendance).toBe('attending');
  });

  it('keeps a guest without an itinerary incomplete: attendance waits for it', async () => {
    const c = await caller(t, ENTERPRISE);
    const approved = await addGuest(c, t, ENTERPRISE, 610, { inviteCode: 'INVITE2025A' });
    const early = await c.put(`qms/guest/${approved.id}/attendance`, { attend: true });
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe('Please fill in the itinerary before continuing');
    expect(
      (await t.app.db.selectFrom('guests').select('attendance').where('id', '=', approved.id).executeTakeFirstOrThrow()).attendance,
    ).toBe('undecided');
    expect((await c.put(`qms/guest/${approved.id}/itinerary`, itineraryBody)).status).toBe(200);
    expect((await c.put<GuestSummary>(`qms/guest/${approved.id}/attendance`, { attend: true })).body.data.attendance).toBe('attending');
  });
});
