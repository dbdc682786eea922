/**
 * Races and purged rows (both databases). Publishing and deleting one draft notice at once: at
 * most one answers 200, the other 404 or 409, and units never read a notice whose draft was
 * deleted. After the retention purge has erased the edition's mobiles, the organisers' list of
 * temporary registrations and its Excel export still answer in full (no 500, no cut workbook).
 */
import { expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { NoticeItem, Page } from '../../src/shared/api-types.js';
import type { NoticePublicationItem } from '../../src/shared/console-api.js';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { accountRow, caller, ENTERPRISE, ORGANISER } from '../server/guests-harness.js';
import { register, registrationBody, uploadedPicture } from '../server/temporary-harness.js';

const ROUNDS = 10;

describeEachDatabase('notice races and lists after a purge', (kind) => {
  const t = useTestApp(kind);

  it(`publish against delete of one draft (${ROUNDS} rounds): never both 200, no notice of a deleted draft`, async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const title = `race ${round}`;
      const draft = await organiser.post<NoticePublicationItem>('admin/console/notice', {
        title,
        content: 'c',
        audiences: [],
        unitIds: [],
      });
      expect(draft.status).toBe(200);
      const id = draft.body.data.id;
      const [published, deleted] = await Promise.all([
        organiser.post(`admin/console/notice/${id}/publish`),
        organiser.del(`admin/console/notice/${id}`),
      ]);
      outcomes.push(`${published.status}/${deleted.status}`);
      expect(
        [published.status, deleted.status].filter((status) => status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect([404, 409]).toContain(published.status === 200 ? deleted.status : published.status);
      const seen = (await unit.get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageSize=100')).body.data.records;
      expect(
        seen.some((notice) => notice.title === title),
        `round ${round}`,
      ).toBe(published.status === 200);
    }
    console.log(`publish/delete race [${kind}]: ${outcomes.join(' ')}`);
  });

  it('lists and exports temporary registrations whose mobiles the retention purge erased', async () => {
    for (let i = 0; i < 3; i += 1) {
      const picture = await uploadedPicture(t, 90 + i);
      const answer = await register(t, registrationBody(picture, { name: `Purged ${['Ann', 'Bob', 'Cy'][i]}`, mobile: `1371234560${i}` }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const organiser = await caller(t, ORGANISER);
    const who = await accountRow(t, ORGANISER);
    const edition = await t.app.services.editions.current();
    await t.app.services.retentionPurge.purge({
      editionId: edition.id,
      who: { id: who.id, account: ORGANISER },
      force: true,
      now: new Date(),
      via: 'test',
    });

    const page = await organiser.get<Page<{ name: string; mobile: string }>>('admin/temporary/page?pageSize=100');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.records.filter((row) => row.name.startsWith('Purged '))).toHaveLength(3);
    for (const row of page.body.data.records) expect(row.mobile).not.toMatch(/\d{11}/);

    const exported = await t.app.inject({
      method: 'GET',
      url: '/exhibition/admin/temporary/export',
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const names = workbook.worksheets[0]!.getSheetValues().flat().map(String);
    for (let i = 0; i < 3; i += 1) expect(names).toContain(`Purged ${['Ann', 'Bob', 'Cy'][i]}`);
  });
});
