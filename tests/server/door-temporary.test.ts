import { expect, it } from 'vitest';
import type { Page } from '../../src/shared/api-types.js';
import type { AuditLogItem } from '../../src/shared/console-api.js';
import { doorApiPaths, type DoorAbsentPage, type DoorScanResult } from '../../src/shared/door-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp, type TestApp } from './helpers/test-app.js';
import { API, caller, ENTERPRISE, movableClock, ORGANISER, STAFF } from './guests-harness.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;

describeEachDatabase('the door: badges of temporary registrations', (kind) => {
  const clock = movableClock('2027-06-17T01:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: clock.clock });

  async function print(t: TestApp, account: string, ids: string[]) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}${doorApiPaths.temporaryBadges}?ids=${ids.join(',')}`,
      headers: { ...bearer(await tokenFor(t, account)), 'accept-language': 'en' },
    });
    return { status: response.statusCode, type: response.headers['content-type'], body: response.rawPayload, text: response.body };
  }

  async function registration(seed: number, mobile: string, name: string): Promise<string> {
    const answer = await register(t, registrationBody(await uploadedPicture(t, seed), { mobile, name }));
    expect(answer.status).toBe(200);
    return answer.body.data.id;
  }

  async function liveTokens(temporaryId: string): Promise<string[]> {
    const rows = await t.app.db
      .withTables<{ badges: { id: string; temporary_id: string | null; revoked_at: string | null } }>()
      .selectFrom('badges')
      .select('id')
      .where('temporary_id', '=', temporaryId)
      .where('revoked_at', 'is', null)
      .execute();
    return rows.map((row) => t.app.services.door.tokens.tokenOf(row.id));
  }

  it('prints the badge of an approved registration (audited), refuses pending and rejected ones, and checks the person in once', async () => {
    const organiser = await caller(t, ORGANISER);
    const approved = await registration(61, '13600000061', 'Zhou Temp');
    const pending = await registration(62, '13600000062', 'Wu Pending');
    const rejected = await registration(63, '13600000063', 'Zheng Rejected');
    expect((await organiser.post('admin/temporary/decide', { ids: [approved], decision: 'approve' })).status).toBe(200);
    expect((await organiser.post('admin/temporary/decide', { ids: [rejected], decision: 'reject', reason: '信息不全' })).status).toBe(200);

    // a pending or rejected registration refuses the whole print, and makes no badge
    for (const refused of [pending, rejected]) {
      const answer = await print(t, ORGANISER, [approved, refused]);
      expect(answer.status).toBe(409);
      expect(answer.text).toContain('Only approved temporary registrations get a badge');
      expect(await liveTokens(refused)).toEqual([]);
    }
    expect(await liveTokens(approved)).toEqual([]);
    expect((await print(t, ORGANISER, ['00000000-0000-0000-0000-000000000000'])).status).toBe(404);
    expect((await print(t, ORGANISER, ['not-an-id'])).status).toBe(400);
    // organisers only, refused before the query is read
    expect((await print(t, ENTERPRISE, [approved])).status).toBe(403);
    expect((await print(t, STAFF, ['not-an-id'])).status).toBe(403);

    const pdf = await print(t, ORGANISER, [approved]);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf.body)).toBe(1);
    // the registration's JPG picture is on the page (the QR code is a PNG); the QR code carries the signed badge id only, never the mobile
    expect(pdf.body.toString('latin1')).toContain('/Filter /DCTDecode');
    expect(pdf.body.toString('latin1')).not.toContain('13600000061');
    const [token] = await liveTokens(approved);
    expect(token).toBeDefined();
    // printing again keeps the same badge
    await print(t, ORGANISER, [approved]);
    expect(await liveTokens(approved)).toEqual([token]);

    const audit = (await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?pageSize=100')).body.data.records;
    const prints = audit.filter((entry) => entry.action === 'temporary.badge');
    expect(prints).toHaveLength(2);
    expect(prints[0]).toMatchObject({ targetType: 'temporary-registration', targetId: approved, targetLabel: 'Zhou Temp' });
    expect(JSON.stringify(prints)).not.toContain('13600000061');

    const absentBefore = (await organiser.get<DoorAbsentPage>('admin/console/door/absent?pageSize=100')).body.data;
    expect(absentBefore.records).toContainEqual(expect.objectContaining({ nameZh: 'Zhou Temp', entourage: false }));

    const staff = await caller(t, STAFF);
    const scan = (scannedAt: string, station: string) => staff.post<DoorScanResult>('door/scan', { token, scannedAt, station });
    const first = await scan('2027-06-17T01:00:00.000Z', 'Gate A');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      outcome: 'checked-in',
      nameZh: 'Zhou Temp',
      nameEn: null,
      kind: 'temporary',
      first: { station: 'Gate A' },
    });
    expect(first.body.data.photo).toMatch(/^data:image\/jpeg;base64,/);
    const second = await scan('2027-06-17T01:05:00.000Z', 'Gate B');
    expect(second.body.data).toMatchObject({
      outcome: 'already',
      nameZh: 'Zhou Temp',
      kind: 'temporary',
      first: { scannedAt: '2027-06-17T01:00:00.000Z', station: 'Gate A' },
    });
    const absentAfter = (await organiser.get<DoorAbsentPage>('admin/console/door/absent?pageSize=100')).body.data;
    expect(absentAfter.records.map((person) => person.nameZh)).not.toContain('Zhou Temp');
  });
});
