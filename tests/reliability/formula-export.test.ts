/**
 * Issue 18 point 8 (export side): formula text stored through the routes comes back from every
 * organiser export as text, never as a cell a spreadsheet would run.
 */
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER } from '../server/guests-harness.js';

const PAYLOADS = ["=cmd|' /C calc'!A0", '=HYPERLINK("http://evil.example","点击")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1'];
const RUNNABLE = /^[=+\-@\t\r]/;

describeEachDatabase('formula text in exports', (kind) => {
  const t = useTestApp(kind);

  it('every export gives it back prefixed with an apostrophe', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    for (const [i, payload] of PAYLOADS.entries()) {
      expect((await organiser.post('admin/console/hotel', { name: `公式酒店${i}`, address: payload })).status).toBe(200);
      const vehicle = {
        plateNumber: `鲁B1234${i}`,
        vehicleType: 'mpv',
        seats: 7,
        driverName: '孙司机',
        driverMobile: '13912345670',
        arrivalTime: '2027-06-17T08:00:00+08:00',
        purpose: 'guest-transport',
        remarks: payload,
        passengers: payload,
      };
      expect((await unit.post('qms/vehicle', vehicle)).status).toBe(200);
      const guest = {
        activityName: '对接会',
        activityTime: '2027-06-19T14:00:00+08:00',
        activityPlace: '海天中心',
        nameZh: '吴嘉宾',
        gender: 'male',
        nationality: '中国',
        organisation: '研究院',
        mobile: '13912345671',
        remarks: payload,
      };
      expect((await unit.post('qms/unofficial-guest', guest)).status).toBe(200);
    }
    const seen: string[] = [];
    for (const url of [
      'admin/console/export/hotels',
      'admin/console/export/vehicle',
      'admin/console/export/unofficial-guest',
      'admin/console/export/guests',
      'admin/temporary/export',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/exhibition/${url}`,
        headers: { authorization: `Bearer ${organiser.token}` },
      });
      expect(response.statusCode, url).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      for (const sheet of book.worksheets) {
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            expect(cell.type, `${url} ${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
            if (typeof cell.value === 'string') {
              expect(cell.value, `${url} ${cell.address}`).not.toMatch(RUNNABLE);
              seen.push(cell.value);
            }
          }),
        );
      }
    }
    // XML reads a stored CR back as LF; the apostrophe in front is what matters
    for (const payload of PAYLOADS) expect(seen.map((text) => text.replace(/\r?\n/g, '\r'))).toContain(`'${payload}`);
  });
});
