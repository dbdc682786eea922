import { expect, it } from 'vitest';
import type { AuditLogItem } from '../../src/shared/console-api.js';
import type { Page } from '../../src/shared/api-types.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { accountRow, caller, ENTERPRISE, movableClock, ORGANISER } from './guests-harness.js';

describeEachDatabase('audit log: enum values read as their labels', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('labels a notice draft published and its account types in both languages', async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const created = await organiser.post<{ id: string }>('admin/console/notice', {
      title: '标签通知',
      content: '正文',
      audiences: ['enterprise', 'media'],
      unitIds: [unitId],
    });
    expect(created.status).toBe(200);
    expect((await organiser.post(`admin/console/notice/${created.body.data.id}/publish`)).status).toBe(200);
    const read = async (language: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/exhibition/admin/console/audit/page?targetType=notice',
        headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      const records = (response.json() as { data: Page<AuditLogItem> }).data.records;
      const lines = (action: string) =>
        records.find((entry) => entry.action === action)!.changes.map((change) => `${change.field}: ${change.before} → ${change.after}`);
      return { created: lines('notice.create'), published: lines('notice.publish') };
    };
    const zh = await read('zh-CN');
    expect(zh.published).toEqual(['状态: 草稿 → 已发布']);
    expect(zh.created).toContain('账号类型（不选为全部）: — → 企业, 媒体');
    const en = await read('en');
    expect(en.published).toEqual(['Status: Draft → Published']);
    expect(en.created.join('\n')).toMatch(/Enterprise, Media/);
    for (const line of [...zh.created, ...zh.published, ...en.created, ...en.published]) {
      expect(line).not.toMatch(/\b(draft|published|enterprise|media)\b/);
    }
  });
});
