/**
 * Found by the fuzz: a historical guest with an ID number of 8 or 9 characters made the units'
 * list answer 500 (a negative mask length), and one of 10 was shown whole. Short numbers are
 * masked like everywhere else (the shared id-numbers rule), and the list answers.
 */
import { expect, it } from 'vitest';
import type { ContentPage, ContentRecord } from '../../src/shared/content-api.js';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { caller, ENTERPRISE, ORGANISER } from '../server/guests-harness.js';

describeEachDatabase('short ID numbers of historical guests', (kind) => {
  const t = useTestApp(kind);

  it('lists them to units masked, for every length', async () => {
    const organiser = await caller(t, ORGANISER);
    const numbers = ['E123', 'E1234567', 'E12345678', 'E123456789', 'E1234567890'];
    for (const [i, idNumber] of numbers.entries()) {
      const added = await organiser.post<ContentRecord>('admin/historical-guest', {
        session: 2,
        nameZh: '王历届',
        unitName: `历届集团${i}`,
        position: '董事长',
        mobile: '13912345678',
        idType: 'passport',
        idNumber,
      });
      expect(added.status).toBe(200);
    }
    const unit = await caller(t, ENTERPRISE);
    const page = await unit.get<ContentPage>('qms/historical-guest/page?pageSize=100');
    expect(page.status).toBe(200);
    const shown = page.body.data.records.map((record) => String(record.document.idNumber));
    expect(shown).toHaveLength(numbers.length);
    for (const number of numbers) expect(shown).not.toContain(number);
    expect(shown.every((value) => value.includes('*'))).toBe(true);
  });
});
