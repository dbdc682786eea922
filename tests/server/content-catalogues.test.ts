import { expect, it } from 'vitest';
import type { ContentPage, ContentRecord } from '../../src/shared/content-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER, residentId, STAFF } from './guests-harness.js';
import { headerOf, rawGet, upload, workbook } from './content-harness.js';

const guest = (extra: Record<string, unknown> = {}) => ({
  session: 3,
  nameZh: '王历届',
  unitName: '青岛历届集团',
  position: '董事长',
  mobile: '13912345678',
  ...extra,
});

describeEachDatabase('historical guests and investment projects', (kind) => {
  const t = useTestApp(kind);

  it('keeps management for organisers and reading for units and organisers', async () => {
    const unit = await caller(t, ENTERPRISE);
    for (const response of [
      await unit.post('admin/historical-guest', guest()),
      await unit.put('admin/historical-guest/abc', guest()),
      await unit.del('admin/historical-guest/abc'),
      await unit.post('admin/historical-guest/import', { file: 'abc' }),
      await unit.get('admin/historical-guest/template'),
      await unit.post('admin/investment-project', { area: '青岛', industry: '制造', name: '项目' }),
      await unit.post('admin/investment-project/import', { file: 'abc' }),
    ]) {
      expect(response.status).toBe(403);
    }
    const staff = await caller(t, STAFF);
    expect((await staff.get('qms/historical-guest/page')).status).toBe(403);
    expect((await staff.get('qms/investment-project/page')).status).toBe(403);
    expect((await unit.get('qms/historical-guest/page')).status).toBe(200);
  });

  it('organisers add, change and delete; units read with masked ID numbers, by session and keyword', async () => {
    const organiser = await caller(t, ORGANISER);
    const idNumber = residentId(501);
    const added = await organiser.post<ContentRecord>(
      'admin/historical-guest',
      guest({ idType: 'resident-id', idNumber, inviter: { organisation: '市贸促会', name: '赵邀请', reason: '老朋友' } }),
    );
    expect(added.status).toBe(200);
    await organiser.post('admin/historical-guest', guest({ session: 1, nameZh: '钱首届', unitName: '首届公司' }));

    const unit = await caller(t, ENTERPRISE);
    const third = await unit.get<ContentPage>('qms/historical-guest/page?session=3');
    const seen = third.body.data.records.find((r) => r.id === added.body.data.id)!;
    expect(seen.document).toMatchObject({ nameZh: '王历届', inviter: { name: '赵邀请' } });
    expect(seen.document.idNumber).toBe(`${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`);
    expect(third.body.data.records.every((r) => r.document.session === 3)).toBe(true);
    const organiserView = await organiser.get<ContentPage>('qms/historical-guest/page?keyword=%E8%B5%B5%E9%82%80');
    // organisers see the mask too (issue 18: minimisation); the full number only on an explicit show
    expect(organiserView.body.data.records.map((r) => r.document.idNumber)).toEqual([
      `${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`,
    ]);
    expect(organiserView.body.data.records.map((r) => r.document.mobile)).toEqual(['139****5678']);
    expect(
      (await unit.get<ContentPage>('qms/historical-guest/page?keyword=%E9%A6%96%E5%B1%8A')).body.data.records.map((r) => r.document.nameZh),
    ).toEqual(['钱首届']);

    const changed = await organiser.put<ContentRecord>(`admin/historical-guest/${added.body.data.id}`, guest({ session: 4 }));
    expect(changed.status).toBe(200);
    expect((await unit.get<ContentPage>('qms/historical-guest/page?session=4')).body.data.records.map((r) => r.id)).toContain(
      added.body.data.id,
    );
    expect((await organiser.del(`admin/historical-guest/${added.body.data.id}`)).status).toBe(200);
    expect((await organiser.del(`admin/historical-guest/${added.body.data.id}`)).status).toBe(404);
    expect((await organiser.put(`admin/historical-guest/${added.body.data.id}`, guest())).status).toBe(404);
    // a catalogue id is not reachable as the other catalogue's
    const project = await organiser.post<ContentRecord>('admin/investment-project', {
      area: '青岛西海岸新区',
      industry: '新能源',
      name: '储能基地',
      investment: 2_500_000_000,
    });
    expect((await organiser.del(`admin/historical-guest/${project.body.data.id}`)).status).toBe(404);
  });

  it('rejects invalid documents with field errors (session 1-5, names, mobile)', async () => {
    const organiser = await caller(t, ORGANISER);
    const bad = await organiser.post('admin/historical-guest', guest({ session: 6, mobile: '12345' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((e) => e.pointer).sort()).toEqual(['/mobile', '/session']);
    expect((await organiser.get('qms/historical-guest/page?session=6')).status).toBe(400);
  });

  it('imports an Excel workbook all or nothing, reporting every bad row', async () => {
    const organiser = await caller(t, ORGANISER);
    const template = await rawGet(t, organiser, 'admin/historical-guest/template');
    expect(template.status).toBe(200);
    expect(String(template.headers['content-disposition'])).toContain('attachment');
    const header = await headerOf(template.body);
    expect(header).toEqual(
      expect.arrayContaining(['届次 [session]', expect.stringContaining('[nameZh]'), expect.stringContaining('[inviter.organisation]')]),
    );
    expect(header.some((column) => column.includes('[photo]'))).toBe(false);

    const before = (await organiser.get<ContentPage>('qms/historical-guest/page?keyword=%E5%AF%BC%E5%85%A5')).body.data.total;
    const columns = ['届次 [session]', '姓名 [nameZh]', 'unitName', 'mobile', 'inviter.organisation', 'inviter.name', 'birthday'];
    const goodRows = [
      [2, '导入甲', '导入公司', 13912345678, '市政府', '周邀请', new Date(Date.UTC(1970, 4, 6))],
      [5, '导入乙', '导入公司', '13912345679', null, null, null],
    ];
    const badRows = [...goodRows, [9, '导入丙', '导入公司', 'abc', '市政府', null, null]];
    const refused = await organiser.post('admin/historical-guest/import', {
      file: await upload(t, organiser, 'importWorkbook', 'guests.xlsx', await workbook(columns, badRows)),
    });
    expect(refused.status).toBe(400);
    const pointers = refused.body.fieldErrors?.map((e) => e.pointer) ?? [];
    expect(pointers).toEqual(expect.arrayContaining(['/rows/4/session', '/rows/4/mobile', '/rows/4/inviter/name']));
    expect(refused.body.fieldErrors?.find((e) => e.pointer === '/rows/4/mobile')?.message).toBe(
      'Row 4 Mobile number: Please enter a valid mainland mobile number',
    );
    expect((await organiser.get<ContentPage>('qms/historical-guest/page?keyword=%E5%AF%BC%E5%85%A5')).body.data.total).toBe(before);

    const accepted = await organiser.post<{ imported: number }>('admin/historical-guest/import', {
      file: await upload(t, organiser, 'importWorkbook', 'guests.xlsx', await workbook(columns, goodRows)),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.imported).toBe(2);
    const imported = (await organiser.get<ContentPage>('qms/historical-guest/page?keyword=%E5%AF%BC%E5%85%A5')).body.data.records;
    const audit = await organiser.get<{ records: { action: string; reason: string | null }[] }>('admin/audit/page?pageSize=100');
    expect(audit.body.data.records.filter((e) => e.action === 'historical-guest.import').map((e) => e.reason)).toEqual(['2 rows']);
    expect(imported.find((r) => r.document.nameZh === '导入甲')?.document).toMatchObject({
      session: 2,
      mobile: '139****5678',
      birthday: '1970-05-06',
      inviter: { organisation: '市政府', name: '周邀请' },
    });
  });

  it("refuses unknown columns, empty sheets, non-workbooks and other people's files", async () => {
    const organiser = await caller(t, ORGANISER);
    const unknown = await organiser.post('admin/investment-project/import', {
      file: await upload(t, organiser, 'importWorkbook', 'p.xlsx', await workbook(['name', 'colour'], [['项目', '红']])),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors?.[0]?.key).toBe('content.import.unknownColumn');
    const empty = await organiser.post('admin/investment-project/import', {
      file: await upload(t, organiser, 'importWorkbook', 'p.xlsx', await workbook(['name'], [])),
    });
    expect(empty.body.fieldErrors?.[0]?.key).toBe('content.import.noRows');
    const zipNotWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const unreadable = await organiser.post('admin/investment-project/import', {
      file: await upload(t, organiser, 'importWorkbook', 'p.xlsx', zipNotWorkbook),
    });
    expect(unreadable.body.fieldErrors?.[0]?.key).toBe('content.import.unreadable');
    const unit = await caller(t, ENTERPRISE);
    const unitsFile = await upload(
      t,
      unit,
      'importWorkbook',
      'p.xlsx',
      await workbook(['name', 'area', 'industry'], [['项目', '青岛', '制造']]),
    );
    const foreign = await organiser.post('admin/investment-project/import', { file: unitsFile });
    expect(foreign.body.fieldErrors?.[0]?.key).toBe('content.import.fileNotFound');
  });

  it('imports investment projects in yuan and units read them', async () => {
    const organiser = await caller(t, ORGANISER);
    const file = await upload(
      t,
      organiser,
      'importWorkbook',
      'projects.xlsx',
      await workbook(
        ['area', 'industry', 'name', 'investment', 'tel'],
        [['青岛市', '海洋经济', '深远海养殖平台', '1,200,000,000', '0532-88886666']],
      ),
    );
    expect((await organiser.post('admin/investment-project/import', { file })).status).toBe(200);
    const unit = await caller(t, ENTERPRISE);
    const page = await unit.get<ContentPage>('qms/investment-project/page?keyword=%E6%B7%B1%E8%BF%9C%E6%B5%B7');
    expect(page.body.data.records[0]?.document).toMatchObject({ name: '深远海养殖平台', investment: 1_200_000_000, tel: '0532-88886666' });
  });
});
