import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { GuestDetail } from '../../src/shared/guest-api.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, itineraryBody, movableClock, ORGANISER } from './guests-harness.js';

describeEachDatabase('admin guest read (reception editor)', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('gives organisers any guest with its stored reception, and nobody else', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 300);
    await c.put(`qms/guest/${guest.id}/itinerary`, itineraryBody);
    const organiser = await caller(t, ORGANISER);
    const reception = { hotels: [{ place: '海景酒店', receptionistName: '王接待', receptionistPhone: '13700000001' }] };
    expect((await organiser.put(`admin/guest/${guest.id}/reception`, reception)).status).toBe(200);

    const read = await organiser.get<GuestDetail>(`admin/guest/${guest.id}`);
    expect(read.status).toBe(200);
    // the receptionist's mobile is answered masked (issue 18)
    expect(read.body.data).toMatchObject({
      id: guest.id,
      reception: { hotels: [{ ...reception.hotels[0], receptionistPhone: '137****0001' }] },
      itinerary: itineraryBody,
      entourage: [],
    });
    expect(read.body.data.unitName).not.toBe('');
    expect(read.body.data.idNumberMasked).toMatch(/\*{8}/);

    // the unit itself, and another unit, are not organisers
    expect((await c.get(`admin/guest/${guest.id}`)).status).toBe(403);
    expect((await (await caller(t, ENTERPRISE2)).get(`admin/guest/${guest.id}`)).status).toBe(403);
  });

  it('answers 404 for an unknown guest and 400 for a malformed id', async () => {
    const organiser = await caller(t, ORGANISER);
    const unknown = await organiser.get('admin/guest/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).not.toBe('');
    expect((await organiser.get('admin/guest/not-an-id!')).status).toBe(400);
  });
});
