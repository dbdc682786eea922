import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { ReceptionistItem } from '../../src/shared/console-api.js';
import { isSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER, STAFF } from './guests-harness.js';
import { workbookRows } from './helpers/list-pages.js';

// each test adds its own receptionist and hotel (the app is shared within a database)
const mobileOf = (n: number) => `137555500${n}`;
const maskedOf = (n: number) => `137****00${n}`;

/** Issue 18: a receptionist's mobile is sealed at rest, masked in answers and exports, shown in full only by the audited reveal. */
describeEachDatabase('receptionist mobiles', (kind) => {
  const t = useTestApp(kind);
  const reveals = (id: string) =>
    t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'personal-data.reveal').where('target_id', '=', id).execute();

  async function addReceptionist(n: number): Promise<{ id: string; hotelId: string; hotel: string; mobile: string; masked: string }> {
    const organiser = await caller(t, ORGANISER);
    const hotelName = `密封酒店${n}`;
    const hotel = await organiser.post<{ id: string }>('admin/console/hotel', { name: hotelName });
    expect(hotel.status).toBe(200);
    const added = await organiser.post<ReceptionistItem>('admin/console/receptionist', {
      name: '周接待',
      mobile: mobileOf(n),
      hotelId: hotel.body.data.id,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // the answer to the add is masked too
    expect(added.body.data.mobile).toBe(maskedOf(n));
    return { id: added.body.data.id, hotelId: hotel.body.data.id, hotel: hotelName, mobile: mobileOf(n), masked: maskedOf(n) };
  }

  it('stores the mobile sealed with a blind index, never in clear (row and audit log read with raw SQL)', async () => {
    const { id, mobile, masked } = await addReceptionist(21);
    const { rows } = await sql<Record<string, unknown>>`select * from receptionists where id = ${id}`.execute(t.app.db);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain(mobile);
    expect(row).not.toHaveProperty('mobile');
    expect(isSealed(String(row.mobile_sealed))).toBe(true);
    expect(row.mobile_index).toBe(t.app.services.protection.index('mobile', mobile));
    expect(t.app.services.protection.open(String(row.mobile_sealed))).toBe(mobile);
    const audit = await sql<Record<string, unknown>>`select * from audit_log where target_id = ${id}`.execute(t.app.db);
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.rows)).not.toContain(mobile);
    expect(JSON.stringify(audit.rows)).toContain(masked);
  });

  it('answers the list masked; the same mobile again is still refused (409); an edit sending the mask back keeps the mobile', async () => {
    const { id, hotelId, hotel, mobile, masked } = await addReceptionist(22);
    const organiser = await caller(t, ORGANISER);
    const list = (await organiser.get<ReceptionistItem[]>('admin/console/receptionist')).body.data;
    expect(list.find((r) => r.id === id)).toMatchObject({ name: '周接待', mobile: masked, hotelName: hotel });
    expect(JSON.stringify(list)).not.toContain(mobile);
    expect((await organiser.post('admin/console/receptionist', { name: '重复', mobile: `+86${mobile}` })).status).toBe(409);

    const renamed = await organiser.put<ReceptionistItem>(`admin/console/receptionist/${id}`, {
      name: '周接待员',
      mobile: masked,
      hotelId,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: '周接待员', mobile: masked });
    expect((await organiser.post<{ value: string }>(`admin/console/receptionist/${id}/reveal`, { field: 'mobile' })).body.data.value).toBe(
      mobile,
    );
    // any other value with an asterisk is no mobile
    expect((await organiser.put(`admin/console/receptionist/${id}`, { name: '周接待员', mobile: '138****0020' })).status).toBe(400);
  });

  it('shows the full mobile only through the reveal route, to organisers, one audit entry each', async () => {
    const { id, mobile } = await addReceptionist(23);
    for (const account of [ENTERPRISE, STAFF]) {
      const other = await caller(t, account);
      const refused = await other.post(`admin/console/receptionist/${id}/reveal`, { field: 'mobile' });
      expect(refused.status, account).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(mobile);
    }
    expect(await reveals(id)).toHaveLength(0);
    expect(
      (await t.call({ method: 'POST', url: `/exhibition/admin/console/receptionist/${id}/reveal`, payload: { field: 'mobile' } })).status,
    ).toBe(401);

    const organiser = await caller(t, ORGANISER);
    const shown = await organiser.post<{ value: string }>(`admin/console/receptionist/${id}/reveal`, { field: 'mobile' });
    expect(shown.status).toBe(200);
    expect(shown.body.data.value).toBe(mobile);
    const entries = await reveals(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target_type: 'receptionist', target_label: '周接待' });
    expect(JSON.parse(String(entries[0]!.after_value))).toEqual({ field: 'mobile' });
    // an ID number it does not hold, an unknown id: 404, no entry
    expect((await organiser.post(`admin/console/receptionist/${id}/reveal`, { field: 'idNumber' })).status).toBe(404);
    expect(
      (await organiser.post('admin/console/receptionist/00000000-0000-4000-8000-000000000000/reveal', { field: 'mobile' })).status,
    ).toBe(404);
    expect(await reveals(id)).toHaveLength(1);
  });

  it('exports the mobile masked unless the audited contact-data export is chosen', async () => {
    const { hotel, mobile, masked } = await addReceptionist(24);
    const organiser = await caller(t, ORGANISER);
    const download = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/exhibition/admin/console/export/hotels${query}`,
        headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en' },
      });
    const exportsAudited = () => t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'personal-data.export').execute();

    const before = (await exportsAudited()).length;
    const plain = await download('');
    expect(plain.statusCode).toBe(200);
    const maskedRow = (await workbookRows(plain.rawPayload)).find((r) => r[0] === hotel);
    expect(maskedRow).toContain(masked);
    expect(JSON.stringify(maskedRow)).not.toContain(mobile);
    expect((await exportsAudited()).length).toBe(before);

    const withContacts = await download('?contacts=1');
    expect(withContacts.statusCode).toBe(200);
    expect((await workbookRows(withContacts.rawPayload)).find((r) => r[0] === hotel)).toContain(mobile);
    expect((await exportsAudited()).length).toBe(before + 1);
  });

  // last: it erases the edition's personal data
  it('the retention purge erases the mobile, keeping the row; the reveal then finds nothing (404)', async () => {
    const { id, mobile } = await addReceptionist(25);
    const organiser = await caller(t, ORGANISER);
    const edition = await t.app.services.editions.current();
    const purged = await organiser.post<{ rows: Record<string, number> }>(`admin/edition/${edition.id}/retention-purge`, { force: true });
    expect(purged.status, JSON.stringify(purged.body)).toBe(200);
    expect(purged.body.data.rows.receptionists).toBeGreaterThan(0);
    const { rows } = await sql<Record<string, unknown>>`select * from receptionists where id = ${id}`.execute(t.app.db);
    expect(rows[0]).toMatchObject({ name: '周接待', mobile_sealed: null, mobile_index: `erased:${id}` });
    expect(JSON.stringify(rows)).not.toContain(mobile);
    expect((await organiser.get<ReceptionistItem[]>('admin/console/receptionist')).body.data.find((r) => r.id === id)?.mobile).toBe('');
    expect((await organiser.post(`admin/console/receptionist/${id}/reveal`, { field: 'mobile' })).status).toBe(404);
  });
});
