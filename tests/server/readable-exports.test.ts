import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  uploadedFile,
  type Caller,
} from './guests-harness.js';
import { createActivity, signUp } from './activities-harness.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';

const FORMULA = "=cmd|' /C calc'!A0";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Every enum value of every bundled schema: a data cell holding one of them is a raw code. */
function rawCodes(): Set<string> {
  const codes = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.enum)) for (const value of record.enum) if (typeof value === 'string') codes.add(value);
    Object.values(record).forEach(walk);
  };
  const dir = new URL('../../src/generated/schemas/', import.meta.url);
  for (const file of fs.readdirSync(dir)) walk(JSON.parse(fs.readFileSync(new URL(file, dir), 'utf8')));
  for (const value of ['true', 'false', 'guest', 'member', 'entourage']) codes.add(value);
  return codes;
}

async function workbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

/** Cells of rows 2 and on, with their sheet, row and column header. */
function dataCells(book: ExcelJS.Workbook): { where: string; header: string; value: unknown; type: ExcelJS.ValueType }[] {
  const cells: { where: string; header: string; value: unknown; type: ExcelJS.ValueType }[] = [];
  for (const sheet of book.worksheets) {
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      row.eachCell((cell, column) =>
        cells.push({ where: `${sheet.name}!R${number}C${column}`, header: headers[column] ?? '', value: cell.value, type: cell.type }),
      );
    });
  }
  return cells;
}

const rowsOf = (sheet: ExcelJS.Worksheet): string[][] => {
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
};

describeEachDatabase('exports read as a person reads them', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });
  let organiser: Caller;
  let activityId = '';
  const CODES = rawCodes();

  const download = (url: string, language: string) =>
    t.app.inject({
      method: 'GET',
      url: `/exhibition/${url}`,
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': language },
    });

  beforeAll(async () => {
    organiser = await caller(t, ORGANISER);
    const ent = await caller(t, ENTERPRISE);
    // approved (invitation code), with an entourage member travelling the same day
    const approved = await addGuest(ent, t, ENTERPRISE, 701, { nameZh: '赵通过', inviteCode: 'INVITE2025A' });
    expect(approved.status).toBe('approved');
    // the itinerary form leaves an unticked pick-up box out of the document
    const { pickUpNeeded: _ticked, ...arrivalWithoutPickUp } = itineraryBody.arrival;
    expect(
      (
        await ent.put(`qms/guest/${approved.id}/itinerary`, {
          ...itineraryBody,
          arrival: arrivalWithoutPickUp,
          hotel: { kind: 'designated' },
        })
      ).status,
    ).toBe(200);
    const member = (
      await ent.post<{ id: string }>(`qms/guest/${approved.id}/entourage`, memberBody(residentId(702), await uploadedFile(t, ENTERPRISE)))
    ).body.data;
    expect((await ent.put(`qms/guest/${approved.id}/entourage/${member.id}/itinerary`, itineraryBody)).status).toBe(200);
    // pending and rejected guests travelling the same day
    const pending = await addGuest(ent, t, ENTERPRISE, 703, { nameZh: '钱待审' });
    const rejected = await addGuest(ent, t, ENTERPRISE, 704, { nameZh: '孙驳回' });
    for (const id of [pending.id, rejected.id]) expect((await ent.put(`qms/guest/${id}/itinerary`, itineraryBody)).status).toBe(200);
    expect((await organiser.post('admin/review/decide', { ids: [rejected.id], decision: 'reject', reason: '材料不全' })).status).toBe(200);

    // a hotel whose address is formula text, and the approved guest's receptionist at it
    expect((await organiser.post('admin/console/hotel', { name: '海景酒店', address: FORMULA })).status).toBe(200);
    expect(
      (
        await organiser.put(`admin/guest/${approved.id}/reception`, {
          hotels: [{ place: '海景酒店', receptionistName: '周接待', receptionistPhone: '13900000011' }],
        })
      ).status,
    ).toBe(200);

    activityId = (await createActivity(organiser, { name: '开幕式/主论坛' })).id;
    expect((await signUp(ent, activityId, approved.id)).status).toBe(200);

    const picture = await uploadedPicture(t);
    expect((await register(t, registrationBody(picture))).status).toBe(200);

    expect(
      (
        await ent.post('qms/vehicle', {
          plateNumber: '鲁B12345',
          vehicleType: 'mpv',
          seats: 7,
          driverName: '孙司机',
          driverMobile: '13912345670',
          arrivalTime: '2027-06-17T08:00:00+08:00',
          departureTime: '2027-06-21T08:00:00+08:00',
          purpose: 'guest-transport',
          remarks: FORMULA,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await ent.post('qms/unofficial-guest', {
          activityName: '海洋经济对接会',
          activityTime: '2027-06-19T14:00:00+08:00',
          activityPlace: '海天中心',
          nameZh: '吴嘉宾',
          gender: 'female',
          nationality: '中国',
          organisation: '某研究院',
          mobile: '13912345671',
        })
      ).status,
    ).toBe(200);
  });

  const EXPORTS = () => [
    'admin/console/export/guests',
    'admin/console/export/entourage',
    'admin/console/export/manifest?direction=arrival&date=2027-06-17',
    'admin/console/export/manifest?direction=departure&date=2027-06-21',
    'admin/console/export/hotels',
    'admin/console/export/vehicle',
    'admin/console/export/unofficial-guest',
    'admin/temporary/export',
    `admin/activity/export/signed-up?id=${activityId}`,
  ];

  for (const language of ['zh-CN', 'en']) {
    it(`every organiser export (${language}) holds no raw code, UTC ISO time, id, boolean or live formula`, async () => {
      for (const url of EXPORTS()) {
        const response = await download(url, language);
        expect(response.statusCode, url).toBe(200);
        const cells = dataCells(await workbook(response.rawPayload));
        expect(cells.length, `${url} has data`).toBeGreaterThan(0);
        for (const cell of cells) {
          const where = `${url} ${cell.where} (${cell.header}) = ${JSON.stringify(cell.value)}`;
          expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Number], where).toContain(cell.type);
          const text = String(cell.value);
          expect(CODES.has(text), `raw code: ${where}`).toBe(false);
          expect(text, `UTC/ISO time: ${where}`).not.toMatch(ISO_TIME);
          expect(text, `id: ${where}`).not.toMatch(UUID);
          expect(text.startsWith('='), `formula: ${where}`).toBe(false);
        }
      }
    });
  }

  it('labels cells in the language of the request and names files by what and when', async () => {
    const zh = await download('admin/console/export/guests', 'zh-CN');
    const zhRow = rowsOf((await workbook(zh.rawPayload)).worksheets[0]!).find((r) => r[0] === '赵通过')!;
    expect(zhRow).toEqual(expect.arrayContaining(['审核通过', '未确认', '2027-06-17 10:00:00 UTC+8', '海景酒店']));
    expect(zh.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('嘉宾名单-')}`);
    const en = await download('admin/console/export/guests', 'en');
    expect(rowsOf((await workbook(en.rawPayload)).worksheets[0]!).find((r) => r[0] === '赵通过')).toEqual(
      expect.arrayContaining(['Approved', 'Not confirmed']),
    );

    const roster = await download(`admin/activity/export/signed-up?id=${activityId}`, 'zh-CN');
    const disposition = String(roster.headers['content-disposition']);
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!);
    expect(name).toMatch(/^活动已报名名单-开幕式_主论坛-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
    const signedUp = rowsOf((await workbook(roster.rawPayload)).worksheets[0]!);
    expect(signedUp[1]).toEqual(expect.arrayContaining(['赵通过', '嘉宾', '否']));

    const stays = rowsOf((await workbook((await download('admin/console/export/hotels', 'zh-CN')).rawPayload)).worksheets[1]!);
    expect(stays.find((r) => r[0] === '赵通过')).toEqual(['赵通过', expect.any(String), '海景酒店', '指定酒店']);

    const vehicles = rowsOf((await workbook((await download('admin/console/export/vehicle', 'en')).rawPayload)).worksheets[0]!);
    expect(vehicles[1]).toEqual(expect.arrayContaining(['鲁B12345', 'MPV', 'Guest transport', '2027-06-17 08:00:00 UTC+8']));
  });

  it('the hotels workbook lists where approved guests stay, never a pending or rejected guest', async () => {
    const stays = rowsOf((await workbook((await download('admin/console/export/hotels', 'zh-CN')).rawPayload)).worksheets[1]!);
    const names = stays.slice(1).map((r) => r[0]);
    expect(names).toContain('赵通过');
    expect(names).not.toContain('钱待审');
    expect(names).not.toContain('孙驳回');
  });

  it('the manifest holds approved guests and their members only, with pick-up from the itinerary', async () => {
    for (const [url, guestPickUp] of [
      ['admin/console/export/manifest?direction=arrival&date=2027-06-17', '否'],
      ['admin/console/export/manifest?direction=departure&date=2027-06-21', '否'],
    ] as const) {
      const rows = rowsOf((await workbook((await download(url, 'zh-CN')).rawPayload)).worksheets[0]!);
      const names = rows.slice(1).map((r) => r[1]);
      expect(names).toEqual(['赵通过', '李四']);
      expect(names).not.toContain('钱待审');
      expect(names).not.toContain('孙驳回');
      const pickUp = rows[0]!.indexOf('需要接送');
      expect(rows[1]![pickUp]).toBe(guestPickUp);
      expect(rows[1]![0]).toBe('嘉宾');
      expect(rows[2]![0]).toBe('随行人员');
    }
    const arrivals = rowsOf(
      (await workbook((await download('admin/console/export/manifest?direction=arrival&date=2027-06-17', 'en')).rawPayload)).worksheets[0]!,
    );
    // the member's itinerary ticked pick-up on arrival
    expect(arrivals[2]![arrivals[0]!.indexOf('Pick-up needed')]).toBe('Yes');
  });

  it('formula text comes back as text in every export that carries it', async () => {
    const hotels = await workbook((await download('admin/console/export/hotels', 'en')).rawPayload);
    const address = hotels.worksheets[0]!.getRow(2).getCell(2);
    expect(address.type).toBe(ExcelJS.ValueType.String);
    expect(address.value).toBe(`'${FORMULA}`);
    const vehicles = await workbook((await download('admin/console/export/vehicle', 'en')).rawPayload);
    expect(dataCells(vehicles).map((c) => c.value)).toContain(`'${FORMULA}`);
  });
});

describe('formula guard', () => {
  it('prefixes text a spreadsheet would run, and leaves numbers and plain text', async () => {
    const { neutraliseFormula } = await import('../../src/server/exports/formula-guard.js');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutraliseFormula('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(neutraliseFormula(-5)).toBe(-5);
    expect(neutraliseFormula('青岛')).toBe('青岛');
    expect(neutraliseFormula(null)).toBe(null);
  });
});
