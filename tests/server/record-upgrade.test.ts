/**
 * An old record opened in the current version (form versions): a guest saved under an older
 * guest schema with a field the current version no longer has, a value over today's limit and a
 * field it now requires. Saving it as stored fails ("field not allowed"); the upgrade route
 * returns it without the dropped field (listed as a note) and flags the rest by pointer; saving
 * that, with only the flagged fields fixed, works and stores the current version.
 */
import { expect, it } from 'vitest';
import type { GuestSummary } from '../../src/shared/guest-api.js';
import { recordUpgradePaths, type RecordUpgradeData } from '../../src/shared/record-upgrade-api.js';
import { versionOf } from '../../src/server/schema-versions/schema-versions.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, movableClock } from './guests-harness.js';

const LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' '); // 149 characters, a valid name otherwise

describeEachDatabase('record upgrade: an old guest record edited in the current version', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  async function oldGuest(sequence: number): Promise<string> {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, sequence);
    const row = await t.app.db.selectFrom('guests').select('document').where('id', '=', guest.id).executeTakeFirstOrThrow();
    const { position: _position, ...document } = JSON.parse(row.document) as Record<string, unknown>;
    // as an older version might have stored it: a field since dropped, a longer limit, no position yet
    const old = { ...document, faxNumber: '0532-88886666', nameEn: LONG_NAME };
    await t.app.db
      .updateTable('guests')
      .set({ document: JSON.stringify(old), schema_version: 1 })
      .where('id', '=', guest.id)
      .execute();
    return guest.id;
  }

  it('lists dropped fields, flags the rest by pointer, and saves once only those are fixed', async () => {
    const c = await caller(t, ENTERPRISE);
    const id = await oldGuest(401);
    const stored = JSON.parse(
      (await t.app.db.selectFrom('guests').select('document').where('id', '=', id).executeTakeFirstOrThrow()).document,
    ) as Record<string, unknown>;

    // as stored, the current version refuses it
    const asStored = await c.put(`qms/guest/${id}`, stored);
    expect(asStored.status).toBe(400);

    const { status, body } = await c.get<RecordUpgradeData>(recordUpgradePaths.guest(id));
    expect(status).toBe(200);
    const upgrade = body.data;
    expect(upgrade).toMatchObject({ kind: 'guest', id, fromVersion: 1, toVersion: versionOf('guest') });
    expect(upgrade.dropped).toEqual([{ pointer: '/faxNumber', value: '0532-88886666' }]);
    expect(upgrade.document).not.toHaveProperty('faxNumber');
    expect(upgrade.problems.map((p) => [p.pointer, p.key]).sort()).toEqual([
      ['/nameEn', 'validation.maxLength'],
      ['/position', 'validation.required'],
    ]);

    const saved = await c.put<GuestSummary>(`qms/guest/${id}`, { ...upgrade.document, nameEn: 'Zhang San', position: '总经理' });
    expect(saved.status).toBe(200);
    const row = await t.app.db.selectFrom('guests').select(['document', 'schema_version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.schema_version).toBe(versionOf('guest'));
    expect(JSON.parse(row.document)).not.toHaveProperty('faxNumber');

    const again = (await c.get<RecordUpgradeData>(recordUpgradePaths.guest(id))).body.data;
    expect(again).toMatchObject({ fromVersion: versionOf('guest'), dropped: [], problems: [] });
  });

  it("answers 404 for another unit's guest", async () => {
    const id = await oldGuest(402);
    const other = await caller(t, ENTERPRISE2);
    const { status } = await other.get(recordUpgradePaths.guest(id));
    expect(status).toBe(404);
  });

  it("lists the unit information's dropped fields and problems, and saves it once fixed", async () => {
    const c = await caller(t, ENTERPRISE);
    const unit = {
      unitType: 'enterprise',
      orgNameZh: '示例跨国企业有限公司',
      socialCreditCode: '91370200MA3C123456',
      companyAddress: '山东省青岛市市南区香港中路 1 号',
      enterpriseType: '外商独资',
      contactName: '张企业',
      contactGender: 'male',
      contactMobile: '13812345678',
      contactEmail: 'contact@example.com',
      nationality: '中国',
    };
    const { contactEmail: _email, ...withoutEmail } = unit;
    const old = { ...withoutEmail, faxNumber: '0532-88886666' };
    const account = await t.app.db.selectFrom('accounts').select('unit_id').where('account', '=', ENTERPRISE).executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('units')
      .set({ document: JSON.stringify(old), schema_version: 0, complete: 1 })
      .where('id', '=', account.unit_id ?? '')
      .execute();

    const upgrade = (await c.get<RecordUpgradeData>(recordUpgradePaths.myUnit)).body.data;
    expect(upgrade).toMatchObject({ kind: 'unit', fromVersion: 0, toVersion: versionOf('unit') });
    expect(upgrade.dropped).toEqual([{ pointer: '/faxNumber', value: '0532-88886666' }]);
    expect(upgrade.problems.map((p) => p.pointer)).toEqual(['/contactEmail']);
    expect((await c.put('qms/unit/mine', old)).status).toBe(400);
    expect((await c.put('qms/unit/mine', { ...upgrade.document, contactEmail: 'contact@example.com' })).status).toBe(200);
    expect((await c.get<RecordUpgradeData>(recordUpgradePaths.myUnit)).body.data).toMatchObject({ dropped: [], problems: [] });
  });

  it('is documented in openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/exhibition/qms/record-upgrade/guest/{id}');
    expect(Object.keys(doc.paths)).toContain('/exhibition/qms/record-upgrade/unit/mine');
  });
});
