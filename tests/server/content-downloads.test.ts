import { expect, it } from 'vitest';
import type { Page } from '../../src/shared/api-types.js';
import type { DownloadItem } from '../../src/shared/content-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER, STAFF, uploadedFile } from './guests-harness.js';
import { rawGet, upload, uploadResponse } from './content-harness.js';
import { archives } from './uploads-fixtures.js';

const GUIDE_NAME = '嘉宾报名指南 (2025).pdf';

describeEachDatabase('downloads (guideline, agenda)', (kind) => {
  const t = useTestApp(kind);

  it('keeps publishing for organisers: a unit gets 403 on every admin download route', async () => {
    const unit = await caller(t, ENTERPRISE);
    const file = await upload(t, unit, 'downloadFile', 'x.pdf', archives.pdf());
    for (const response of [
      await unit.post('admin/download', { title: '日程', category: 'agenda', file }),
      await unit.put('admin/download/abc', { title: '日程', category: 'agenda', file }),
      await unit.del('admin/download/abc'),
    ]) {
      expect(response.status).toBe(403);
    }
  });

  it('publishes a sniffed PDF that units list and download as an attachment with a safe UTF-8 name', async () => {
    const organiser = await caller(t, ORGANISER);
    const pdf = archives.pdf();
    const file = await upload(t, organiser, 'downloadFile', GUIDE_NAME, pdf, 'application/pdf');
    const created = await organiser.post<{ id: string }>('admin/download', {
      title: '嘉宾报名指南',
      category: 'guideline',
      description: '报名前请阅读',
      file,
    });
    expect(created.status).toBe(200);

    const unit = await caller(t, ENTERPRISE);
    const page = await unit.get<Page<DownloadItem>>('qms/download/page');
    const item = page.body.data.records.find((record) => record.id === created.body.data.id);
    expect(item).toMatchObject({ title: '嘉宾报名指南', category: 'guideline', mime: 'application/pdf', bytes: pdf.length });

    const download = await rawGet(t, unit, `qms/download/${created.body.data.id}/file`);
    expect(download.status).toBe(200);
    expect(download.body.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    const disposition = String(download.headers['content-disposition']);
    expect(disposition.startsWith('attachment; ')).toBe(true);
    // ASCII fallback without quotes inside, the UTF-8 name percent-encoded (RFC 5987)
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toContain('嘉宾报名指南');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    // accounts without a unit read the downloads too
    const staff = await caller(t, STAFF);
    expect((await staff.get<Page<DownloadItem>>('qms/download/page')).body.data.records.map((r) => r.id)).toContain(created.body.data.id);
  });

  it('filters by category and keyword, changes and withdraws a download', async () => {
    const organiser = await caller(t, ORGANISER);
    const file = await upload(t, organiser, 'downloadFile', 'agenda.pdf', archives.pdf());
    const { body } = await organiser.post<{ id: string }>('admin/download', { title: '会议日程（第一版）', category: 'agenda', file });
    const agendas = await organiser.get<Page<DownloadItem>>('qms/download/page?category=agenda&keyword=%E7%AC%AC%E4%B8%80');
    expect(agendas.body.data.records.map((r) => r.id)).toEqual([body.data.id]);
    expect((await organiser.get<Page<DownloadItem>>('qms/download/page?category=other')).body.data.records).toEqual([]);
    // LIKE wildcards are taken literally
    expect((await organiser.get<Page<DownloadItem>>('qms/download/page?keyword=%25')).body.data.records).toEqual([]);

    expect((await organiser.put(`admin/download/${body.data.id}`, { title: '会议日程（终版）', category: 'agenda', file })).status).toBe(
      200,
    );
    const renamed = await organiser.get<Page<DownloadItem>>('qms/download/page?keyword=%E7%BB%88%E7%89%88');
    expect(renamed.body.data.records.map((r) => r.title)).toEqual(['会议日程（终版）']);
    expect((await organiser.del(`admin/download/${body.data.id}`)).status).toBe(200);
    expect((await organiser.del(`admin/download/${body.data.id}`)).status).toBe(404);
    // every change of published content names its organiser in the audit log
    const audit = await organiser.get<Page<{ action: string; targetId: string; actorAccount: string }>>('admin/audit/page?pageSize=100');
    const actions = audit.body.data.records.filter((e) => e.targetId === body.data.id).map((e) => e.action);
    expect(actions.sort()).toEqual(['download.add', 'download.delete', 'download.save']);
    expect(audit.body.data.records.find((e) => e.targetId === body.data.id)?.actorAccount).toBe(ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    expect((await rawGet(t, unit, `qms/download/${body.data.id}/file`)).status).toBe(404);
  });

  it('refuses content that is not what its name says, and files not checked as downloads', async () => {
    const organiser = await caller(t, ORGANISER);
    const fake = await uploadResponse(t, organiser, 'downloadFile', 'guide.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.status).toBe(400);
    const photo = await uploadedFile(t, ORGANISER, 'photo');
    const wrongRule = await organiser.post('admin/download', { title: '指南', category: 'guideline', file: photo });
    expect(wrongRule.status).toBe(400);
    expect(wrongRule.body.fieldErrors?.map((e) => e.pointer)).toEqual(['/file']);
    const missing = await organiser.post('admin/download', { title: '指南', category: 'guideline' });
    expect(missing.status).toBe(400);
    const badCategory = await organiser.post('admin/download', { title: '指南', category: 'menu', file: photo });
    expect(badCategory.status).toBe(400);
  });
});
