import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { ConsoleDashboard, ConsoleGuestItem } from '../../src/shared/console-api.js';
import { figureGroups, perDayLink } from '../../src/client/screens/pages/dashboard-figures.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, GOVERNMENT, itineraryBody, movableClock, ORGANISER, STAFF } from './guests-harness.js';

describeEachDatabase('console: the organisers dashboard figures', (kind) => {
  const clock = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: clock.clock });

  it('counts guests by status, unit type, attendance, arrival and day added; each count equals the list it links to', async () => {
    const organiser = await caller(t, ORGANISER);
    const before = (await organiser.get<ConsoleDashboard>('admin/console/dashboard')).body.data;

    const ent = await caller(t, ENTERPRISE);
    const ent2 = await caller(t, ENTERPRISE2);
    const gov = await caller(t, GOVERNMENT);
    const approved = await addGuest(ent, t, ENTERPRISE, 701, { inviteCode: 'INVITE2025A' });
    await ent.put(`qms/guest/${approved.id}/itinerary`, itineraryBody);
    expect((await ent.put(`qms/guest/${approved.id}/attendance`, { attend: true })).status).toBe(200);
    const declined = await addGuest(ent2, t, ENTERPRISE2, 702);
    expect((await ent2.put(`qms/guest/${declined.id}/attendance`, { attend: false })).status).toBe(200);
    // 23:30 in Shanghai on 1 June is 15:30 UTC: the guest counts for 1 June, one minute later for 2 June
    clock.set('2027-06-01T15:59:00.000Z');
    await addGuest(gov, t, GOVERNMENT, 703);
    clock.set('2027-06-01T16:01:00.000Z');
    await addGuest(gov, t, GOVERNMENT, 704);

    const figures = (await organiser.get<ConsoleDashboard>('admin/console/dashboard')).body.data;
    expect(figures.guests - before.guests).toBe(4);
    const added = (day: string) => figures.perDay.find((entry) => entry.key === day)?.count ?? 0;
    const addedBefore = (day: string) => before.perDay.find((entry) => entry.key === day)?.count ?? 0;
    expect(added('2027-06-01') - addedBefore('2027-06-01')).toBe(3);
    expect(added('2027-06-02') - addedBefore('2027-06-02')).toBe(1);
    expect(figures.byAttendance.find((entry) => entry.key === 'attending')?.count).toBeGreaterThanOrEqual(1);
    expect(figures.byArrivalDay.find((entry) => entry.key === '2027-06-17')?.count).toBeGreaterThanOrEqual(1);

    const total = async (link: string) => {
      const query = link.split('?')[1] ?? '';
      const page = await organiser.get<Page<ConsoleGuestItem>>(`admin/console/guest/page?${query}`);
      expect(page.status, link).toBe(200);
      return page.body.data.total;
    };
    const linked = figureGroups(figures).flatMap((group) => group.figures.filter((figure) => figure.to));
    expect(linked.length).toBeGreaterThanOrEqual(8);
    for (const figure of linked) expect(await total(figure.to), figure.to).toBe(figure.count);
    for (const day of figures.perDay) expect(await total(perDayLink(day.key!)), day.key!).toBe(day.count);
    const groupSum = (counts: { count: number }[]) => counts.reduce((sum, entry) => sum + entry.count, 0);
    for (const counts of [figures.byStatus, figures.byUnitType, figures.byAttendance, figures.byArrivalDay, figures.perDay]) {
      expect(groupSum(counts)).toBe(figures.guests);
    }
  });

  it('answers 403 to every account but organisers', async () => {
    for (const account of [ENTERPRISE, GOVERNMENT, STAFF]) {
      expect((await (await caller(t, account)).get('admin/console/dashboard')).status, account).toBe(403);
    }
  });
});
