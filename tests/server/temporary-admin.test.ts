import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api-types.js';
import type { AuditEntry } from '../../src/shared/guest-api.js';
import { temporaryApiPaths, type TemporaryCodeItem, type TemporaryItem } from '../../src/shared/temporary-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { API, caller, ENTERPRISE, GOVERNMENT, MEDIA, ORGANISER, STAFF, type Caller } from './guests-harness.js';
import { OPEN, register, registrationBody, uploadedPicture } from './temporary-harness.js';

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', 'admin/temporary/page'],
  ['POST', 'admin/temporary/decide', { ids: ['x'], decision: 'approve' }],
  ['GET', 'admin/temporary/x/picture'],
  ['GET', 'admin/temporary/export'],
  ['GET', 'admin/temporary/codes'],
  ['POST', 'admin/temporary/codes', { code: 'ABC' }],
  ['POST', 'admin/temporary/codes/TEMP2025/discard'],
  ['GET', 'admin/temporary/recommendations'],
];

describeEachDatabase('temporary registration (organisers)', (kind) => {
  const t = useTestApp(kind);
  let organiser: Caller;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    organiser = await caller(t, ORGANISER);
    const people: [string, Record<string, unknown>][] = [
      ['worker', { name: 'Han Meimei', mobile: '13600000001' }],
      ['volunteer', { name: 'Wang Tao', mobile: '13600000002', registrationType: 'volunteer' }],
      ['media', { name: 'Anna Berg', mobile: '13600000003', registrationType: 'media', mediaName: 'Nordic Times' }],
    ];
    for (const [label, change] of people) {
      const { status, body } = await register(t, registrationBody(await uploadedPicture(t), change));
      if (status !== 200) throw new Error(JSON.stringify(body));
      ids[label] = body.data.id;
    }
  });

  it('keeps the console for organisers: every other account type gets 403, no token 401', async () => {
    for (const account of [ENTERPRISE, GOVERNMENT, MEDIA, STAFF]) {
      const unit = await caller(t, account);
      for (const [method, path, payload] of ADMIN_ROUTES) {
        const response = method === 'GET' ? await unit.get(path) : await unit.post(path, payload);
        expect(response.status, `${account} ${method} ${path}`).toBe(403);
      }
    }
    for (const [method, path] of ADMIN_ROUTES) {
      const response = await t.call({ method: method as 'GET' | 'POST', url: API + path });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lists, filters and searches the registrations of the current edition', async () => {
    const all = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.records.find((r) => r.id === ids.media)).toMatchObject({
      name: 'Anna Berg',
      registrationType: 'media',
      mediaName: 'Nordic Times',
      province: '山东省',
      eventName: '开幕式 Opening Ceremony',
      attendanceMode: 'onsite',
      status: 'pending',
    });
    const volunteers = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?registrationType=volunteer');
    expect(volunteers.body.data.records.map((r) => r.id)).toEqual([ids.volunteer]);
    const byName = await organiser.get<Page<TemporaryItem>>(`admin/temporary/page?keyword=${encodeURIComponent('meimei')}`);
    expect(byName.body.data.records.map((r) => r.id)).toEqual([ids.worker]);
    // the mobile is sealed: found whole through its blind index (+86 or not), never by a part
    const byMobile = await organiser.get<Page<TemporaryItem>>(`admin/temporary/page?keyword=${encodeURIComponent('+8613600000003')}`);
    expect(byMobile.body.data.records.map((r) => r.id)).toEqual([ids.media]);
    const byPart = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?keyword=00000003');
    expect(byPart.body.data.total).toBe(0);
    // LIKE wildcards are taken literally
    const wildcard = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?keyword=%25');
    expect(wildcard.body.data.total).toBe(0);
    const paged = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?pageSize=2&pageNum=2');
    expect(paged.body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(paged.body.data.records).toHaveLength(1);
    const bad = await organiser.get('admin/temporary/page?status=maybe');
    expect(bad.status).toBe(400);
  });

  it('approves and rejects with a reason, all or nothing, audited', async () => {
    const rejectWithout = await organiser.post('admin/temporary/decide', { ids: [ids.worker], decision: 'reject' });
    expect(rejectWithout.status).toBe(400);
    const unknown = await organiser.post('admin/temporary/decide', { ids: [ids.worker, 'no-such-id'], decision: 'approve' });
    expect(unknown.status).toBe(404);
    const untouched = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?status=approved');
    expect(untouched.body.data.total).toBe(0);

    const approved = await organiser.post<TemporaryItem[]>('admin/temporary/decide', { ids: [ids.worker, ids.media], decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.map((r) => r.status)).toEqual(['approved', 'approved']);
    const rejected = await organiser.post<TemporaryItem[]>('admin/temporary/decide', {
      ids: [ids.volunteer],
      decision: 'reject',
      reason: '照片不清晰',
    });
    expect(rejected.body.data[0]).toMatchObject({ status: 'rejected', rejectReason: '照片不清晰' });
    const pending = await organiser.get<Page<TemporaryItem>>('admin/temporary/page?status=pending');
    expect(pending.body.data.total).toBe(0);

    const audit = await organiser.get<Page<AuditEntry>>('admin/audit/page?pageSize=100');
    const entries = audit.body.data.records.filter((e) => e.targetType === 'temporary-registration');
    expect(entries.map((e) => [e.action, e.targetId])).toEqual(
      expect.arrayContaining([
        ['temporary.approve', ids.worker],
        ['temporary.reject', ids.volunteer],
      ]),
    );
  });

  it('shows the picture to organisers only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}admin/temporary/${ids.worker}/picture`,
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const missing = await organiser.get('admin/temporary/00000000-0000-0000-0000-000000000000/picture');
    expect(missing.status).toBe(404);
  });

  it('exports the matching registrations as a streamed workbook that exceljs reads back', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}admin/temporary/export?status=approved`,
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/temporary-registrations-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Temporary registrations');
    expect(sheet).toBeDefined();
    expect(sheet!.getRow(1).getCell(1).value).toBe('Name');
    const names = [2, 3].map((n) => sheet!.getRow(n).getCell(1).value).sort();
    expect(names).toEqual(['Anna Berg', 'Han Meimei']);
    expect(sheet!.rowCount).toBe(3);
  });

  it('creates, lists and discards codes; usage counts registrations', async () => {
    expect(
      (
        await organiser.post('admin/temporary/codes', {
          code: 'VOL2025',
          registrationType: 'volunteer',
          eventName: 'City run',
          attendanceMode: 'onsite',
        })
      ).status,
    ).toBe(200);
    expect((await organiser.post('admin/temporary/codes', { code: 'VOL2025' })).status).toBe(409);
    expect((await organiser.post('admin/temporary/codes', { code: 'bad code!' })).status).toBe(400);
    const codes = await organiser.get<TemporaryCodeItem[]>('admin/temporary/codes');
    expect(codes.body.data.find((c) => c.code === 'TEMP2025')).toMatchObject({ used: 3, eventDiscarded: false });
    expect(codes.body.data.find((c) => c.code === 'VOL2025')).toMatchObject({ registrationType: 'volunteer', used: 0 });
    expect((await organiser.post('admin/temporary/codes/NOPE/discard')).status).toBe(400);
    expect((await organiser.post('admin/temporary/codes/VOL2025/discard')).status).toBe(200);
    const refused = await register(
      t,
      registrationBody(await uploadedPicture(t), { inviteCode: 'VOL2025', registrationType: 'volunteer', mobile: '13600000009' }),
    );
    expect(refused.body.key).toBe('server.temporary.eventDiscarded');
  });
});

describeEachDatabase('temporary registration contract', (kind) => {
  const t = useTestApp(kind);

  it('documents every path of the temporary-registration contract in openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const value of Object.values(temporaryApiPaths)) {
      const path = typeof value === 'function' ? value('{id}') : value;
      expect(Object.keys(doc.paths), path).toContain(`/exhibition/${path}`);
    }
  });
});

describeEachDatabase('temporary registration rate limits', (kind) => {
  const t = useTestApp(kind, { RATE_LIMITS: 'true' });

  it('limits the open upload per IP (20 per 10 minutes), counting refused requests too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await t.call({ method: 'POST', url: `${OPEN}upload`, payload: { rule: 'pictureJpg' } })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
