import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { guestExportRows } from '../../src/server/features/guests/guest-export-rows.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  STAFF,
  uploadedFile,
} from './guests-harness.js';

async function workbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/** Values of a sheet as rows of cell texts (row 1 = headers). */
function rowsOf(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describeEachDatabase('console: Excel exports', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  const download = async (token: string, url: string, language = 'en') =>
    t.app.inject({ method: 'GET', url: `/exhibition/${url}`, headers: { authorization: `Bearer ${token}`, 'accept-language': language } });

  it('exports guests, entourage, a manifest by date and station, and hotels as workbooks', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 601, {
      nameZh: '赵导出',
      inviteCode: 'INVITE2025A',
      position: '总经理',
      email: 'zhao@example.com',
      gender: 'male',
    });
    await ent.put(`qms/guest/${guest.id}/itinerary`, itineraryBody);
    const member = (
      await ent.post<{ id: string }>(`qms/guest/${guest.id}/entourage`, memberBody(residentId(602), await uploadedFile(t, ENTERPRISE)))
    ).body.data;
    const memberTrip = {
      arrival: { ...itineraryBody.arrival, arrivalTime: '2027-06-17T18:00:00+08:00', arrivalPlace: '青岛北站' },
      return: itineraryBody.return,
    };
    expect((await ent.put(`qms/guest/${guest.id}/entourage/${member.id}/itinerary`, memberTrip)).status).toBe(200);
    const organiser = await caller(t, ORGANISER);
    await organiser.post('admin/console/hotel', { name: '海景酒店', address: '青岛' });

    const guests = await download(organiser.token, 'admin/console/export/guests');
    expect(guests.statusCode).toBe(200);
    expect(guests.headers['content-type']).toContain('spreadsheetml');
    expect(guests.headers['content-disposition']).toContain('attachment');
    const guestSheet = (await workbook(guests.rawPayload)).worksheets[0]!;
    expect(guestSheet.name).toBe('Guests');
    const guestRows = rowsOf(guestSheet);
    expect(guestRows[0]).toContain('Invitation code');
    const row = guestRows.find((r) => r[0] === '赵导出')!;
    expect(row).toContain('INVITE2025A');
    expect(row).toContain('青岛');
    // the values the export reads out of the stored documents: journey times and places, hotel, masked mobile
    expect(row).toEqual(expect.arrayContaining(['2027-06-17 10:00:00 UTC+8', '2027-06-21 08:00:00 UTC+8', '海景酒店', '1']));
    expect(row[guestRows[0]!.indexOf('Mobile number')]).toMatch(/^\d{3}\*{4}\d{4}$/);
    // every field of the guest schema is a column headed by its label, read as a person reads it
    const cell = (header: string) => row[guestRows[0]!.indexOf(header)];
    expect(guestRows[0]!.slice(0, 3)).toEqual(['Name (Chinese)', 'Name (English)', 'Unit']);
    expect(guestRows[0]).toEqual(
      expect.arrayContaining(['Position', 'E-mail', 'Gender', 'Nationality / region', 'ID type', 'Attendance form']),
    );
    expect(cell('Position')).toBe('总经理');
    expect(cell('E-mail')).toBe('zhao@example.com');
    expect(cell('Gender')).toBe('Male');
    expect(cell('ID type')).toBe('Resident ID card');
    expect(cell('ID number')).toMatch(/\*{4}/);
    // the consent tick is recorded apart (text version, time); its label is the whole consent text
    expect(guestRows[0]!.some((header) => header.startsWith('I consent'))).toBe(false);

    const entourage = rowsOf(
      (await workbook((await download(organiser.token, 'admin/console/export/entourage')).rawPayload)).worksheets[0]!,
    );
    expect(entourage.find((r) => r[0] === '赵导出')).toBeDefined();
    expect(entourage.find((r) => r[0] === '赵导出')!.join('|')).toContain('********');
    // the member's fields come from the entourage-member schema: labels as headers, choices as labels
    expect(entourage[0]!.slice(0, 4)).toEqual(['Guest', 'Unit', 'Name (Chinese)', 'Name (English)']);
    expect(entourage[0]).toEqual(expect.arrayContaining(['Gender', 'Nationality / region', 'ID type', 'ID number', 'Mobile number']));
    const memberRow = entourage.find((r) => r[0] === '赵导出')!;
    expect(memberRow[entourage[0]!.indexOf('ID type')]).toBe('Resident ID card');
    expect(memberRow[entourage[0]!.indexOf('Mobile number')]).toMatch(/^\d{3}\*{4}\d{4}$/);

    const arrivals = rowsOf(
      (await workbook((await download(organiser.token, 'admin/console/export/manifest?direction=arrival&date=2027-06-17')).rawPayload))
        .worksheets[0]!,
    );
    expect(arrivals.slice(1).map((r) => r[0])).toEqual(['Guest', 'Entourage']);
    const atStation = rowsOf(
      (
        await workbook(
          (
            await download(
              organiser.token,
              `admin/console/export/manifest?direction=arrival&date=2027-06-17&station=${encodeURIComponent('青岛北站')}`,
            )
          ).rawPayload,
        )
      ).worksheets[0]!,
    );
    expect(atStation.slice(1).map((r) => r[0])).toEqual(['Entourage']);
    const departures = rowsOf(
      (await workbook((await download(organiser.token, 'admin/console/export/manifest?direction=departure&date=2027-06-21')).rawPayload))
        .worksheets[0]!,
    );
    expect(departures).toHaveLength(3);
    expect(departures[1]).toContain('G188');
    const none = rowsOf(
      (await workbook((await download(organiser.token, 'admin/console/export/manifest?direction=departure&date=2027-06-17')).rawPayload))
        .worksheets[0]!,
    );
    expect(none).toHaveLength(1);

    const hotelsBook = await workbook((await download(organiser.token, 'admin/console/export/hotels', 'zh-CN')).rawPayload);
    expect(hotelsBook.worksheets.map((s) => s.name)).toEqual(['酒店', '嘉宾住宿']);
    expect(rowsOf(hotelsBook.worksheets[0]!)[1]![0]).toBe('海景酒店');
    expect(rowsOf(hotelsBook.worksheets[1]!).find((r) => r[0] === '赵导出')).toContain('海景酒店');
  });

  it('the guests export reads every guest once, oldest first, across pages (read ahead on PostgreSQL)', async () => {
    const ent = await caller(t, ENTERPRISE);
    for (let i = 0; i < 5; i++) await addGuest(ent, t, ENTERPRISE, 700 + i, { nameZh: ['甲一', '乙二', '丙三', '丁四', '戊五'][i] });
    const edition = await t.app.services.editions.current();
    const stored = await t.app.db
      .selectFrom('guests')
      .select(['id', 'created_at'])
      .where('edition_id', '=', edition.id)
      .where('unit_id', 'is not', null)
      .execute();
    const expected = stored
      .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1))
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    for (const pageSize of [2, 5, 100]) {
      const read: string[] = [];
      for await (const row of guestExportRows(t.app.db, edition.id, pageSize)) read.push(row.id);
      expect(read, `pages of ${pageSize}`).toEqual(expected);
    }
  });

  it('refuses non-organisers (403, no workbook) and a bad manifest query (400)', async () => {
    for (const account of [ENTERPRISE, STAFF]) {
      const c = await caller(t, account);
      for (const url of [
        'admin/console/export/guests',
        'admin/console/export/entourage',
        'admin/console/export/hotels',
        'admin/console/export/manifest?direction=arrival&date=2027-06-17',
      ]) {
        const response = await download(c.token, url);
        expect(response.statusCode, url).toBe(403);
        expect(response.headers['content-type']).toContain('application/json');
      }
    }
    const organiser = await caller(t, ORGANISER);
    expect((await download(organiser.token, 'admin/console/export/manifest?direction=arrival')).statusCode).toBe(400);
    expect((await download(organiser.token, 'admin/console/export/manifest?direction=sideways&date=2027-06-17')).statusCode).toBe(400);
  });
});
