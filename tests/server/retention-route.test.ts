import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER } from './guests-harness.js';

interface PurgeAnswer {
  editionId: string;
  allowedFrom: string;
  forced: boolean;
  rows: Record<string, number>;
  files: number;
}

/** Issue 18 point 4: the organisers' retention purge (same service as `npm run retention:purge`). */
describeEachDatabase('retention purge route', (kind) => {
  const clock = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, { RETENTION_DAYS: '90' }, { clock: clock.clock });

  it('refuses before the retention period, purges after it or when forced, organisers only, audited', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const guest = await addGuest(unit, t, ENTERPRISE, 731, { mobile: '13770000731' });
    const edition = await t.app.services.editions.current();
    const url = `admin/edition/${edition.id}/retention-purge`;

    expect((await unit.post(url, {})).status).toBe(403);
    const early = await organiser.post(url, {});
    expect(early.status).toBe(409);
    // conferenceEnd 2027-06-20 (config/edition.json) + 90 days
    expect(early.body.msg).toContain('2027-09-18');
    expect((await organiser.post('admin/edition/00000000-0000-4000-8000-000000000000/retention-purge', {})).status).toBe(404);
    expect((await organiser.post(url, { force: 'yes' })).status).toBe(400);
    expect((await unit.post<{ value: string }>(`qms/guest/${guest.id}/reveal`, { field: 'mobile' })).body.data.value).toBe('13770000731');

    clock.set('2027-09-18T00:00:00.000+08:00');
    const purged = await organiser.post<PurgeAnswer>(url, {});
    expect(purged.status).toBe(200);
    expect(purged.body.data).toMatchObject({ editionId: edition.id, allowedFrom: '2027-09-18', forced: false });
    expect(purged.body.data.rows.guests).toBeGreaterThan(0);
    const shown = await unit.get<{ document: Record<string, unknown> }>(`qms/guest/${guest.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.document).not.toHaveProperty('mobile');
    expect(shown.body.data.document).not.toHaveProperty('idNumber');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_account', 'reason'])
      .where('action', '=', 'edition.retention-purge')
      .execute();
    expect(audit).toEqual([{ actor_account: ORGANISER, reason: 'organiser action' }]);
  });
});
