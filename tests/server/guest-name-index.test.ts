import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { ConsoleGuestItem } from '../../src/shared/console-api.js';
import type { GuestSummary } from '../../src/shared/guest-api.js';
import { guestBody } from './helpers/guest-body.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER, residentId, uploadedFile } from './guests-harness.js';

/** The suffix index of name search (migration 0026) follows every write of a guest's names. */
describeEachDatabase('name search index follows guest writes', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('finds a renamed guest by its new names and not its old ones, in the console and the unit list, and a deleted guest no more', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const consoleIds = async (name: string) => {
      const page = (await organiser.get<Page<ConsoleGuestItem>>(`admin/console/guest/page?name=${encodeURIComponent(name)}`)).body.data;
      expect(page.total).toBe(page.records.length);
      return page.records.map((g) => g.id);
    };
    const unitIds = async (name: string) =>
      (await unit.get<Page<GuestSummary>>(`qms/guest/page?name=${encodeURIComponent(name)}`)).body.data.records.map((g) => g.id);

    const guest = await addGuest(unit, t, ENTERPRISE, 501, { nameZh: '欧阳旧名字', nameEn: 'Zhang Oldname' });
    const bystander = await addGuest(unit, t, ENTERPRISE, 502, { nameZh: '王旁观', nameEn: 'Wang Oldfield' });
    expect(await consoleIds('旧名字')).toEqual([guest.id]);
    expect(await consoleIds('Oldname')).toEqual([guest.id]);
    expect(new Set(await consoleIds('Old'))).toEqual(new Set([guest.id, bystander.id]));

    const photo = await uploadedFile(t, ENTERPRISE);
    const saved = await unit.put(
      `qms/guest/${guest.id}`,
      guestBody(residentId(501), photo, { nameZh: '欧阳新名字', nameEn: 'Zhang Newname' }),
    );
    expect(saved.status).toBe(200);
    for (const search of [consoleIds, unitIds]) {
      expect(await search('旧名字')).toEqual([]);
      expect(await search('Oldname')).toEqual([]);
      expect(await search('新名字')).toEqual([guest.id]);
      expect(await search('g Newn')).toEqual([guest.id]);
      expect(await search('Old')).toEqual([bystander.id]);
    }

    expect((await unit.del(`qms/guest/${guest.id}`)).status).toBe(200);
    expect(await consoleIds('Newname')).toEqual([]);
    expect(await consoleIds('Zhang')).toEqual([]);
    expect(await consoleIds('Oldfield')).toEqual([bystander.id]);
  });

  it('counts a guest whose names match twice once, and pages matches in list order as the guests query does', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const twice = await addGuest(unit, t, ENTERPRISE, 521, { nameZh: '李新新', nameEn: 'Lixin Lixin' });
    const once = await addGuest(unit, t, ENTERPRISE, 522, { nameZh: '张新', nameEn: 'Zhang Lixin' });
    const other = await addGuest(unit, t, ENTERPRISE, 523, { nameZh: '王新', nameEn: 'Wang Lixin' });
    await addGuest(unit, t, ENTERPRISE, 524, { nameZh: '赵无关', nameEn: 'Zhao Wuguan' });
    const page = async (query: string) => (await organiser.get<Page<ConsoleGuestItem>>(`admin/console/guest/page?${query}`)).body.data;
    // the name alone reads the suffix index only; with a status filter it is the guests query
    const byName = [await page('name=Lixin&pageSize=2&pageNum=1'), await page('name=Lixin&pageSize=2&pageNum=2')];
    const byQuery = [
      await page('name=Lixin&status=pending&pageSize=2&pageNum=1'),
      await page('name=Lixin&status=pending&pageSize=2&pageNum=2'),
    ];
    expect(byName.map((p) => p.total)).toEqual([3, 3]);
    expect(byQuery.map((p) => p.total)).toEqual([3, 3]);
    const ids = byName.flatMap((p) => p.records.map((g) => g.id));
    expect(new Set(ids)).toEqual(new Set([twice.id, once.id, other.id]));
    expect(ids).toEqual(byQuery.flatMap((p) => p.records.map((g) => g.id)));
    expect((await page('name=Lixin&pageSize=2&pageNum=3')).records).toEqual([]);
  });

  it('matches exactly what LIKE matched: each database its own case rule, wildcards typed are literal', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const guest = await addGuest(unit, t, ENTERPRISE, 511, { nameZh: '李文字', nameEn: 'Li Lixin' });
    const consoleIds = async (name: string) =>
      (
        await organiser.get<Page<ConsoleGuestItem>>(`admin/console/guest/page?pageSize=100&name=${encodeURIComponent(name)}`)
      ).body.data.records
        .map((g) => g.id)
        .sort();
    // every unit guest's names through LIKE on the table itself, as search read them before 0026
    const like = async (typed: string) => {
      const pattern = `%${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await t.app.db
        .selectFrom('guests')
        .select('id')
        .where('unit_id', 'is not', null)
        .where(sql<boolean>`(name like ${pattern} escape '\\' or name_en like ${pattern} escape '\\')`)
        .execute();
      return rows.map((row) => row.id).sort();
    };
    for (const typed of ['Li Lixin', 'i Li', 'lixin', 'LI LIXIN', 'Li_ixin', 'Li%', 'xin', '文字', '李文字']) {
      expect(await consoleIds(typed), typed).toEqual(await like(typed));
    }
    expect((await consoleIds('lixin')).includes(guest.id)).toBe(kind === 'sqlite');
  });
});
