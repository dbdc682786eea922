import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { EntourageItem, GuestDetail } from '../../src/shared/guest-api.js';
import type { ReceptionistItem } from '../../src/shared/console-api.js';
import { isSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import {
  addGuest,
  caller,
  detail,
  ENTERPRISE,
  ENTERPRISE2,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  STAFF,
  uploadedFile,
} from './guests-harness.js';

type Point = { place: string; receptionistName: string; receptionistPhone: string };
const point = (place: string, name: string, phone: string): Point => ({ place, receptionistName: name, receptionistPhone: phone });
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

async function sheetText(body: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of book.worksheets)
    sheet.eachRow((row) => cells.push(...(row.values as unknown[]).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return cells.join('|');
}

/**
 * Issue 18: the receptionist phones organisers write into a guest's and a member's reception
 * arrangement are sealed at rest, masked in every answer, shown in full only by the audited
 * reveal (owning unit, organisers), kept when the editor sends the mask back, and purged.
 */
describeEachDatabase('reception phones', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });
  const reveals = (id: string) =>
    t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'personal-data.reveal').where('target_id', '=', id).execute();
  const storedReception = async (table: 'guests' | 'entourage_members', id: string): Promise<string> => {
    const { rows } =
      table === 'guests'
        ? await sql<{ reception: string }>`select reception from guests where id = ${id}`.execute(t.app.db)
        : await sql<{ reception: string }>`select reception from entourage_members where id = ${id}`.execute(t.app.db);
    return rows[0]!.reception;
  };
  const opened = (text: string) => t.app.services.protection.openJson('reception', text);

  /** A guest of ENTERPRISE with one member, both given a reception by the organiser. */
  async function arranged(n: number): Promise<{ guestId: string; memberId: string; station: string; hotel: string; memberPhone: string }> {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    // approved at once: members and receptions come after approval
    const guest = await addGuest(unit, t, ENTERPRISE, 800 + n, { inviteCode: 'INVITE2025A' });
    const member = await unit.post<EntourageItem>(
      `qms/guest/${guest.id}/entourage`,
      memberBody(residentId(850 + n), await uploadedFile(t, ENTERPRISE)),
    );
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    const station = `1396666${String(n).padStart(2, '0')}01`;
    const hotel = `1396666${String(n).padStart(2, '0')}02`;
    const memberPhone = `1396666${String(n).padStart(2, '0')}03`;
    const saved = await organiser.put(`admin/guest/${guest.id}/reception`, {
      stations: [point('青岛北站', '郑接待', station)],
      hotels: [point('海景酒店', '王接待', hotel)],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const forMember = await organiser.put<EntourageItem>(`admin/guest/${guest.id}/entourage/${member.body.data.id}/reception`, {
      stations: [point('流亭机场', '陈接待', memberPhone)],
    });
    expect(forMember.status, JSON.stringify(forMember.body)).toBe(200);
    // the answer to the member's save is masked too
    expect(forMember.body.data.reception).toEqual({ stations: [point('流亭机场', '陈接待', masked(memberPhone))] });
    return { guestId: guest.id, memberId: member.body.data.id, station, hotel, memberPhone };
  }

  it('stores the phones sealed (raw SQL), places and names readable', async () => {
    const { guestId, memberId, station, hotel, memberPhone } = await arranged(1);
    const guestRow = await storedReception('guests', guestId);
    const memberRow = await storedReception('entourage_members', memberId);
    for (const phone of [station, hotel, memberPhone]) expect(guestRow + memberRow).not.toContain(phone);
    const stored = JSON.parse(guestRow) as { stations: Point[]; hotels: Point[] };
    expect(isSealed(stored.stations[0]!.receptionistPhone)).toBe(true);
    expect(isSealed(stored.hotels[0]!.receptionistPhone)).toBe(true);
    expect(stored.stations[0]).toMatchObject({ place: '青岛北站', receptionistName: '郑接待' });
    expect(opened(guestRow)).toEqual({ stations: [point('青岛北站', '郑接待', station)], hotels: [point('海景酒店', '王接待', hotel)] });
    expect(opened(memberRow)).toEqual({ stations: [point('流亭机场', '陈接待', memberPhone)] });
    // the audit entries of the saves name the guest and member, never a phone
    const audit = await sql<Record<string, unknown>>`select * from audit_log where target_id in (${guestId}, ${memberId})`.execute(
      t.app.db,
    );
    for (const phone of [station, hotel, memberPhone]) expect(JSON.stringify(audit.rows)).not.toContain(phone);
  });

  it('answers the phones masked to the unit, the organisers and in the guests export', async () => {
    const { guestId, station, hotel, memberPhone } = await arranged(2);
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const expected = { stations: [point('青岛北站', '郑接待', masked(station))], hotels: [point('海景酒店', '王接待', masked(hotel))] };
    const forUnit = await detail(unit, guestId);
    expect(forUnit.reception).toEqual(expected);
    expect(forUnit.entourage[0]!.reception).toEqual({ stations: [point('流亭机场', '陈接待', masked(memberPhone))] });
    const forOrganiser = (await organiser.get<GuestDetail>(`admin/guest/${guestId}`)).body.data;
    expect(forOrganiser.reception).toEqual(expected);
    const list = await unit.get<EntourageItem[]>(`qms/guest/${guestId}/entourage`);
    expect(JSON.stringify([forUnit, forOrganiser, list.body])).not.toMatch(new RegExp(`${station}|${hotel}|${memberPhone}`));
    // the export reads the sealed arrangement (its hotel column), with contact data too, and never a receptionist phone
    const exported = await t.app.inject({
      method: 'GET',
      url: '/exhibition/admin/console/export/guests?contacts=1',
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    const text = await sheetText(exported.rawPayload);
    expect(text).not.toMatch(new RegExp(`${station}|${hotel}`));
  });

  it('shows a phone only through the audited reveal, to the owning unit and organisers', async () => {
    const { guestId, memberId, station, hotel, memberPhone } = await arranged(3);
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const at = (pointer: string, extra: Record<string, unknown> = {}) => ({ field: 'mobile', pointer, ...extra });

    // another unit: 404 (not its guest); other roles: 403; no session: 401; no entry written
    const other = await (await caller(t, ENTERPRISE2)).post(`qms/guest/${guestId}/reveal`, at('/reception/stations/0/receptionistPhone'));
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(station);
    expect(
      (await (await caller(t, STAFF)).post(`admin/guest/${guestId}/reveal`, at('/reception/stations/0/receptionistPhone'))).status,
    ).toBe(403);
    expect((await unit.post(`admin/guest/${guestId}/reveal`, at('/reception/stations/0/receptionistPhone'))).status).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/exhibition/qms/guest/${guestId}/reveal`,
          payload: at('/reception/stations/0/receptionistPhone'),
        })
      ).status,
    ).toBe(401);
    expect(await reveals(guestId)).toHaveLength(0);

    const shown = await unit.post<{ value: string }>(`qms/guest/${guestId}/reveal`, at('/reception/stations/0/receptionistPhone'));
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.value).toBe(station);
    expect(
      (await organiser.post<{ value: string }>(`admin/guest/${guestId}/reveal`, at('/reception/hotels/0/receptionistPhone'))).body.data
        .value,
    ).toBe(hotel);
    const entries = await reveals(guestId);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => JSON.parse(String(e.after_value)).field).sort()).toEqual([
      '/reception/hotels/0/receptionistPhone',
      '/reception/stations/0/receptionistPhone',
    ]);
    for (const entry of entries) expect(JSON.stringify(entry)).not.toMatch(new RegExp(`${station}|${hotel}`));

    const member = await unit.post<{ value: string }>(
      `qms/guest/${guestId}/reveal`,
      at('/reception/stations/0/receptionistPhone', { memberId }),
    );
    expect(member.body.data.value).toBe(memberPhone);
    expect(await reveals(memberId)).toHaveLength(1);
    // no such position, a place (not sensitive), the list's mobile without a pointer: 404, no entry
    expect((await unit.post(`qms/guest/${guestId}/reveal`, at('/reception/stations/1/receptionistPhone'))).status).toBe(404);
    expect((await unit.post(`qms/guest/${guestId}/reveal`, at('/reception/stations/0/place'))).status).toBe(404);
    expect((await unit.post(`qms/guest/${guestId}/reveal`, at('/reception/hotels/0/receptionistPhone', { memberId }))).status).toBe(404);
    expect(await reveals(guestId)).toHaveLength(2);
    // the guest's own mobile is still the one shown without a pointer
    expect((await unit.post<{ value: string }>(`qms/guest/${guestId}/reveal`, { field: 'mobile' })).body.data.value).not.toBe(station);
  });

  it('keeps the stored phone when the editor sends its mask back, refuses any other asterisk value, takes a picked receptionist', async () => {
    const { guestId, memberId, station, hotel, memberPhone } = await arranged(4);
    const organiser = await caller(t, ORGANISER);
    const shown = (await organiser.get<GuestDetail>(`admin/guest/${guestId}`)).body.data;

    // sent back as answered, with the lists reordered and a point added: each mask keeps its number
    const station2 = '13966660499';
    const back = {
      stations: [point('青岛站', '刘接待', station2), ...(shown.reception!.stations as Point[])],
      hotels: shown.reception!.hotels,
    };
    const saved = await organiser.put(`admin/guest/${guestId}/reception`, back);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(opened(await storedReception('guests', guestId))).toEqual({
      stations: [point('青岛站', '刘接待', station2), point('青岛北站', '郑接待', station)],
      hotels: [point('海景酒店', '王接待', hotel)],
    });
    const memberBack = (await organiser.get<GuestDetail>(`admin/guest/${guestId}`)).body.data.entourage[0]!.reception;
    expect((await organiser.put(`admin/guest/${guestId}/entourage/${memberId}/reception`, memberBack)).status).toBe(200);
    expect(opened(await storedReception('entourage_members', memberId))).toEqual({ stations: [point('流亭机场', '陈接待', memberPhone)] });

    // a mask of another number, or a mask under a name that holds no such number: 400, nothing stored
    const before = await storedReception('guests', guestId);
    for (const phone of ['139****9999', masked(hotel).replace('139', '138')]) {
      const refused = await organiser.put(`admin/guest/${guestId}/reception`, { stations: [point('青岛北站', '郑接待', phone)] });
      expect(refused.status, phone).toBe(400);
    }
    // a known mask at a new position under a name that never held it
    expect(
      (
        await organiser.put(`admin/guest/${guestId}/reception`, {
          hotels: [point('海景酒店', '王接待', masked(hotel)), point('山景酒店', '无名', masked(hotel))],
        })
      ).status,
    ).toBe(400);
    expect(await storedReception('guests', guestId)).toBe(before);

    // a receptionist picked from the organisers' (masked) list: the stored arrangement holds the number
    const staffMobile = '13966660477';
    const added = await organiser.post<ReceptionistItem>('admin/console/receptionist', { name: '孙接待', mobile: staffMobile });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const picked = await organiser.put(`admin/guest/${guestId}/reception`, {
      hotels: [point('海景酒店', '孙接待', added.body.data.mobile)],
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(opened(await storedReception('guests', guestId))).toEqual({ hotels: [point('海景酒店', '孙接待', staffMobile)] });
    // units never write receptions, masks or not
    expect(
      (
        await (
          await caller(t, ENTERPRISE)
        ).put(`admin/guest/${guestId}/reception`, { hotels: [point('海景酒店', '孙接待', added.body.data.mobile)] })
      ).status,
    ).toBe(403);
  });

  // last: it erases the edition's personal data
  it('the retention purge erases the phones, keeping places and names', async () => {
    const { guestId, memberId, station, hotel, memberPhone } = await arranged(5);
    const organiser = await caller(t, ORGANISER);
    const edition = await t.app.services.editions.current();
    const purged = await organiser.post<{ rows: Record<string, number> }>(`admin/edition/${edition.id}/retention-purge`, { force: true });
    expect(purged.status, JSON.stringify(purged.body)).toBe(200);
    expect(purged.body.data.rows['guests.reception']).toBeGreaterThan(0);
    expect(purged.body.data.rows['entourage_members.reception']).toBeGreaterThan(0);
    const guestRow = await storedReception('guests', guestId);
    const memberRow = await storedReception('entourage_members', memberId);
    expect(JSON.parse(guestRow)).toEqual({
      stations: [{ place: '青岛北站', receptionistName: '郑接待' }],
      hotels: [{ place: '海景酒店', receptionistName: '王接待' }],
    });
    expect(JSON.parse(memberRow)).toEqual({ stations: [{ place: '流亭机场', receptionistName: '陈接待' }] });
    for (const phone of [station, hotel, memberPhone]) expect(guestRow + memberRow).not.toContain(phone);
    expect(
      (await organiser.post(`admin/guest/${guestId}/reveal`, { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone' }))
        .status,
    ).toBe(404);
  });
});
