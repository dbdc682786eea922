import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { EntourageItem, GuestDetail } from '../../src/shared/guest-api.js';
import {
  addGuest,
  caller,
  type Caller,
  detail,
  ENTERPRISE,
  ENTERPRISE2,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  uploadedFile,
} from './guests-harness.js';
import type { TestApp } from './helpers/test-app.js';

const reception = { stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '13700000000' }] };
// answers mask the receptionist's mobile (issue 18); the audited reveal shows it
const maskedReception = { stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '137****0000' }] };

/** An approved guest of ENTERPRISE with one entourage member. */
async function guestWithMember(t: TestApp, c: Caller, sequence: number): Promise<{ guestId: string; memberId: string }> {
  const guest = await addGuest(c, t, ENTERPRISE, sequence, { inviteCode: 'INVITE2025A' });
  const member = await c.post<EntourageItem>(
    `qms/guest/${guest.id}/entourage`,
    memberBody(residentId(sequence + 1), await uploadedFile(t, ENTERPRISE)),
  );
  if (member.status !== 200) throw new Error(`add member failed: ${JSON.stringify(member.body)}`);
  return { guestId: guest.id, memberId: member.body.data.id };
}

describeEachDatabase('entourage itinerary and reception', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it("saves a member's itinerary and shows it in the guest detail and the entourage list", async () => {
    const c = await caller(t, ENTERPRISE);
    const { guestId, memberId } = await guestWithMember(t, c, 400);
    expect((await detail(c, guestId)).entourage[0]).toMatchObject({ id: memberId, itinerary: null, reception: null });

    const saved = await c.put<EntourageItem>(`qms/guest/${guestId}/entourage/${memberId}/itinerary`, itineraryBody);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: memberId, itinerary: itineraryBody, reception: null });
    expect(saved.body.data.document.idNumber).toMatch(/\*{8}/);
    expect((await detail(c, guestId)).entourage[0]!.itinerary).toEqual(itineraryBody);
    expect((await c.get<EntourageItem[]>(`qms/guest/${guestId}/entourage`)).body.data[0]!.itinerary).toEqual(itineraryBody);
    // the guest's own itinerary is untouched
    expect((await detail(c, guestId)).itinerary).toBeNull();
  });

  it('refuses an invalid itinerary with field errors', async () => {
    const c = await caller(t, ENTERPRISE);
    const { guestId, memberId } = await guestWithMember(t, c, 410);
    const bad = await c.put(`qms/guest/${guestId}/entourage/${memberId}/itinerary`, {
      ...itineraryBody,
      arrival: { ...itineraryBody.arrival, transportMode: 'boat' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.length).toBeGreaterThan(0);
    expect((await detail(c, guestId)).entourage[0]!.itinerary).toBeNull();
  });

  it('closes member itineraries after the itinerary deadline, like the guest itinerary', async () => {
    const c = await caller(t, ENTERPRISE);
    const { guestId, memberId } = await guestWithMember(t, c, 420);
    try {
      time.set('2027-09-28T15:59:00.000Z'); // 23:59 on 28 September in Shanghai
      expect((await c.put(`qms/guest/${guestId}/entourage/${memberId}/itinerary`, itineraryBody)).status).toBe(200);
      time.set('2027-09-28T16:00:00.000Z'); // 00:00 on 29 September in Shanghai
      const late = await c.put(`qms/guest/${guestId}/entourage/${memberId}/itinerary`, itineraryBody);
      expect(late.status).toBe(400);
      expect(late.body.msg).toBe('Itinerary changes closed on 2027-09-28');
    } finally {
      time.set('2027-06-01T04:00:00.000Z');
    }
  });

  it("answers 404 for another unit's guest or member, whatever the ids", async () => {
    const c = await caller(t, ENTERPRISE);
    const { guestId, memberId } = await guestWithMember(t, c, 430);
    const other = await caller(t, ENTERPRISE2);
    expect((await other.put(`qms/guest/${guestId}/entourage/${memberId}/itinerary`, itineraryBody)).status).toBe(404);
    // a member of another guest of the same unit is not this guest's member
    const second = await guestWithMember(t, c, 440);
    expect((await c.put(`qms/guest/${guestId}/entourage/${second.memberId}/itinerary`, itineraryBody)).status).toBe(404);
    expect((await detail(c, second.guestId)).entourage[0]!.itinerary).toBeNull();
  });

  it("lets only organisers set a member's reception; the unit reads it", async () => {
    const c = await caller(t, ENTERPRISE);
    const { guestId, memberId } = await guestWithMember(t, c, 450);
    const path = `admin/guest/${guestId}/entourage/${memberId}/reception`;
    expect((await c.put(path, reception)).status).toBe(403);
    const organiser = await caller(t, ORGANISER);
    const set = await organiser.put<EntourageItem>(path, reception);
    expect(set.status).toBe(200);
    expect(set.body.data.reception).toEqual(maskedReception);
    expect((await detail(c, guestId)).entourage[0]!.reception).toEqual(maskedReception);
    expect((await organiser.get<GuestDetail>(`admin/guest/${guestId}`)).body.data.entourage[0]!.reception).toEqual(maskedReception);
    expect((await organiser.put(path, { stations: [{ place: '青岛北站', receptionistPhone: 'abc' }] })).status).toBe(400);
    expect((await organiser.put(`admin/guest/${guestId}/entourage/00000000-0000-4000-8000-000000000000/reception`, reception)).status).toBe(
      404,
    );
    const audit = await organiser.get<{ records: { action: string; targetId: string }[] }>('admin/audit/page?pageNum=1&pageSize=50');
    expect(audit.body.data.records).toContainEqual(expect.objectContaining({ action: 'entourage.reception', targetId: memberId }));
  });
});
