/**
 * An old entourage member opened in the current version (form versions): a member stored
 * under entourage-member version 1 still holds `guestId` (the server owns it since version 2) and a
 * name over today's limit. Saving it as stored fails; the upgrade route returns it without
 * guestId (listed as a note), flags the name, masks the ID number as the entourage list does,
 * and saving that with the flagged field fixed (and the full number typed again) works.
 */
import { expect, it } from 'vitest';
import { rootValidators } from '../../src/generated/validator-map.js';
import type { EntourageItem } from '../../src/shared/guest-api.js';
import { recordUpgradePaths, type RecordUpgradeData } from '../../src/shared/record-upgrade-api.js';
import { versionOf } from '../../src/server/schema-versions/schema-versions.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, memberBody, movableClock, residentId, uploadedFile } from './guests-harness.js';

const LONG_NAME = '李'.repeat(120);

describeEachDatabase('record upgrade: an old entourage member edited in the current version', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  async function oldMember(sequence: number): Promise<{ guestId: string; memberId: string; idNumber: string }> {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, sequence, { inviteCode: 'INVITE2025A' });
    const idNumber = residentId(sequence + 1);
    const added = await c.post<EntourageItem>(`qms/guest/${guest.id}/entourage`, memberBody(idNumber, await uploadedFile(t, ENTERPRISE)));
    expect(added.status).toBe(200);
    const memberId = added.body.data.id;
    const row = await t.app.db.selectFrom('entourage_members').select('document').where('id', '=', memberId).executeTakeFirstOrThrow();
    // as version 1 stored it: the guest id in the body, and a name longer than today's limit
    const old = { ...(JSON.parse(row.document) as Record<string, unknown>), guestId: guest.id, nameZh: LONG_NAME };
    await t.app.db
      .updateTable('entourage_members')
      .set({ document: JSON.stringify(old), schema_version: 1 })
      .where('id', '=', memberId)
      .execute();
    return { guestId: guest.id, memberId, idNumber };
  }

  it('lists the dropped field, flags the rest, masks the ID number, and saves once fixed', async () => {
    const c = await caller(t, ENTERPRISE);
    const { guestId, memberId, idNumber } = await oldMember(501);
    const stored = JSON.parse(
      (await t.app.db.selectFrom('entourage_members').select('document').where('id', '=', memberId).executeTakeFirstOrThrow()).document,
    ) as Record<string, unknown>;
    expect((await c.put(`qms/guest/${guestId}/entourage/${memberId}`, stored)).status).toBe(400);
    // the list tells the client which version each member was saved under
    const listed = await c.get<EntourageItem[]>(`qms/guest/${guestId}/entourage`);
    expect(listed.body.data.find((m) => m.id === memberId)?.schemaVersion).toBe(1);

    const { status, body } = await c.get<RecordUpgradeData>(recordUpgradePaths.entourageMember(guestId, memberId));
    expect(status).toBe(200);
    const upgrade = body.data;
    expect(rootValidators['response-record-upgrade'](upgrade)).toBe(true);
    expect(upgrade).toMatchObject({ kind: 'entourage', id: memberId, fromVersion: 1, toVersion: versionOf('entourage-member') });
    expect(upgrade.dropped).toEqual([{ pointer: '/guestId', value: guestId }]);
    expect(upgrade.document).not.toHaveProperty('guestId');
    // checked with the stored full number (no problem on it), answered masked
    expect(upgrade.problems.map((p) => [p.pointer, p.key])).toEqual([['/nameZh', 'validation.maxLength']]);
    expect(upgrade.document.idNumber).not.toBe(idNumber);
    expect(String(upgrade.document.idNumber)).toContain('*');

    const saved = await c.put<EntourageItem>(`qms/guest/${guestId}/entourage/${memberId}`, {
      ...upgrade.document,
      nameZh: '李四',
      idNumber,
    });
    expect(saved.status).toBe(200);
    const row = await t.app.db
      .selectFrom('entourage_members')
      .select(['document', 'schema_version'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(row.schema_version).toBe(versionOf('entourage-member'));
    expect(JSON.parse(row.document)).not.toHaveProperty('guestId');
    expect(saved.body.data.schemaVersion).toBe(versionOf('entourage-member'));
    const again = (await c.get<RecordUpgradeData>(recordUpgradePaths.entourageMember(guestId, memberId))).body.data;
    expect(again).toMatchObject({ fromVersion: versionOf('entourage-member'), dropped: [], problems: [] });
  });

  it("answers 404 for another unit's member, an unknown member, or a member of another guest", async () => {
    const { guestId, memberId } = await oldMember(511);
    const other = await caller(t, ENTERPRISE2);
    expect((await other.get(recordUpgradePaths.entourageMember(guestId, memberId))).status).toBe(404);
    const c = await caller(t, ENTERPRISE);
    const unknown = await c.get(recordUpgradePaths.entourageMember(guestId, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    const secondGuest = await addGuest(c, t, ENTERPRISE, 521, { inviteCode: 'INVITE2025A' });
    expect((await c.get(recordUpgradePaths.entourageMember(secondGuest.id, memberId))).status).toBe(404);
  });

  it('refuses a malformed id with a field error, not a 500', async () => {
    const { guestId } = await oldMember(531);
    const c = await caller(t, ENTERPRISE);
    const response = await c.get(recordUpgradePaths.entourageMember(guestId, 'not an id'));
    expect(response.status).toBe(400);
  });

  it('is documented in openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/exhibition/qms/record-upgrade/guest/{id}/entourage/{memberId}');
  });
});
