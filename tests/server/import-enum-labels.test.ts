import { expect, it } from 'vitest';
import type { ContentPage } from '../../src/shared/content-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ORGANISER } from './guests-harness.js';
import { headerOf, rawGet, upload, workbook } from './content-harness.js';

describeEachDatabase('historical-guest import: enum labels in either language', (kind) => {
  const t = useTestApp(kind);

  it('takes 女, Female and female for the gender and refuses what is none of them, on its row', async () => {
    const organiser = await caller(t, ORGANISER);
    const header = ['session', 'nameZh', 'unitName', 'gender'];
    const accepted = await upload(
      t,
      organiser,
      'importWorkbook',
      'labels.xlsx',
      await workbook(header, [
        [2, '甲标签', '甲公司', '女'],
        [2, '乙标签', '乙公司', 'Female'],
        [2, '丙标签', '丙公司', 'male'],
        [2, '丁标签', '丁公司', ' 男 '],
      ]),
    );
    const imported = await organiser.post<{ imported: number }>('admin/historical-guest/import', { file: accepted });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data.imported).toBe(4);
    const page = await organiser.get<ContentPage>('qms/historical-guest/page?keyword=%E6%A0%87%E7%AD%BE&pageSize=10');
    const genders = Object.fromEntries(page.body.data.records.map((r) => [r.document.nameZh, r.document.gender]));
    expect(genders).toEqual({ 甲标签: 'female', 乙标签: 'female', 丙标签: 'male', 丁标签: 'male' });

    const refused = await upload(t, organiser, 'importWorkbook', 'bad.xlsx', await workbook(header, [[2, '戊标签', '戊公司', '不详']]));
    const answer = await organiser.post('admin/historical-guest/import', { file: refused });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors?.[0]?.pointer).toBe('/rows/2/gender');
  });

  it("the template's header lists an enum's allowed labels in the caller's language and still reads back", async () => {
    const organiser = await caller(t, ORGANISER);
    const zh = await headerOf((await rawGet(t, organiser, 'admin/historical-guest/template')).body);
    expect(zh).toContain('性别 (男 / 女) [gender]');
    const en = await t.app.inject({
      method: 'GET',
      url: '/exhibition/admin/historical-guest/template',
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en' },
    });
    expect(await headerOf(en.rawPayload)).toContain('Gender (Male / Female) [gender]');
    // the template's own header is accepted by the import
    const file = await upload(
      t,
      organiser,
      'importWorkbook',
      'template.xlsx',
      await workbook(zh, [
        zh.map((column) =>
          column.endsWith('[session]')
            ? 1
            : column.endsWith('[nameZh]')
              ? '模板回读'
              : column.endsWith('[unitName]')
                ? '模板公司'
                : column.endsWith('[gender]')
                  ? '女'
                  : null,
        ),
      ]),
    );
    const imported = await organiser.post<{ imported: number }>('admin/historical-guest/import', { file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  });
});
