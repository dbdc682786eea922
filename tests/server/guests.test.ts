import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import { guestApiPaths, type GuestDetail, type GuestSummary, type InviteCodeCheck } from '../../src/shared/guest-api.js';
import {
  addGuest,
  caller,
  detail,
  ENTERPRISE,
  ENTERPRISE2,
  movableClock,
  ORGANISER,
  residentId,
  setEdition,
  uploadedFile,
} from './guests-harness.js';
import { guestBody } from './helpers/guest-body.js';
import { versionOf } from '../../src/server/schema-versions/schema-versions.js';
import { maskIdNumber } from '../../src/shared/sensitive-fields.js';

describeEachDatabase('guests: invitation codes, adding, scoping', (kind) => {
  // inside the edition's registration window (config/edition.json)
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('answers every invitation-code error of the catalogue with its code and message', async () => {
    const c = await caller(t, ENTERPRISE);
    const cases: [string, number, string][] = [
      ['qms/invite-code/check', 10007, 'The parameter cannot be empty'],
      ['qms/invite-code/check?code=', 10001, 'The invitation code is blank'],
      ['qms/invite-code/check?code=%20%20', 10001, 'The invitation code is blank'],
      ['qms/invite-code/check?code=NO-SUCH-CODE', 10002, 'The invitation code does not exist'],
      ['qms/invite-code/check?code=ENT2-GUEST', 10002, 'The invitation code does not exist'],
      ['qms/invite-code/check?code=NO-COMPANY', 10003, 'The invitation code is not linked to a company'],
      ['qms/invite-code/check?code=GHOST-COMPANY', 10004, 'No company found'],
      ['qms/invite-code/check?code=NO-GUEST-CONFIG', 10005, 'The general guest configuration is missing'],
      ['qms/invite-code/check?code=NO-CONVERSION', 10006, 'The guest conversion information is not configured'],
    ];
    for (const [url, code, msg] of cases) {
      const response = await c.get(url);
      expect(response.status, url).toBe(400);
      expect(response.body.code, url).toBe(code);
      expect(response.body.msg, url).toBe(msg);
    }
    const zh = await t.call({
      method: 'GET',
      url: '/exhibition/qms/invite-code/check?code=NO-COMPANY',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(zh.body.msg).toBe('邀请码未关联企业');
    const valid = await c.get<InviteCodeCheck>('qms/invite-code/check?code=INVITE2025A');
    expect(valid.body.data).toEqual({ code: 'INVITE2025A', guestType: 'vip', reviewRequired: false, unitName: '示例跨国企业有限公司' });
  });

  it('refuses to add a guest with a faulty code, with the same catalogue', async () => {
    const c = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    for (const [code, expected] of [
      ['NO-SUCH-CODE', 10002],
      ['NO-COMPANY', 10003],
      ['GHOST-COMPANY', 10004],
      ['NO-GUEST-CONFIG', 10005],
      ['NO-CONVERSION', 10006],
    ] as const) {
      const response = await c.post('qms/guest', guestBody(residentId(900), photo, { inviteCode: code }));
      expect(response.body.code, code).toBe(expected);
    }
    const page = await c.get<Page<GuestSummary>>('qms/guest/page');
    expect(page.body.data.records.some((g) => g.idNumberMasked === '370202********' + residentId(900).slice(-4))).toBe(false);
  });

  it('lets a valid code decide the status; without a code the guest is pending', async () => {
    const c = await caller(t, ENTERPRISE);
    const approved = await addGuest(c, t, ENTERPRISE, 10, { inviteCode: 'INVITE2025A' });
    expect(approved).toMatchObject({
      status: 'approved',
      inviteCode: 'INVITE2025A',
      attendance: 'undecided',
      entourageCount: 0,
      itineraryDone: false,
    });
    const review = await addGuest(c, t, ENTERPRISE, 11, { inviteCode: 'INVITE2025B' });
    expect(review.status).toBe('pending');
    const none = await addGuest(c, t, ENTERPRISE, 12);
    expect(none).toMatchObject({ status: 'pending', inviteCode: null });
    const full = await detail(c, approved.id);
    expect(full.document).toMatchObject({ unitType: 'enterprise', idNumber: maskIdNumber(residentId(10)) });
    // saved under the guest schema's current version, whichever form version that is
    expect(full.schemaVersion).toBe(versionOf('guest'));
  });

  it('masks ID numbers in lists and filters by status and name', async () => {
    const c = await caller(t, ENTERPRISE);
    await addGuest(c, t, ENTERPRISE, 20, { nameZh: '王五', nameEn: 'Wang Wu' });
    const page = await c.get<Page<GuestSummary>>('qms/guest/page?pageNum=1&pageSize=100&name=%E7%8E%8B');
    expect(page.body.data.total).toBe(1);
    const [guest] = page.body.data.records;
    expect(guest!.idNumberMasked).toBe(`370202********${residentId(20).slice(-4)}`);
    expect(JSON.stringify(page.body.data)).not.toContain(residentId(20));
    const byEnglish = await c.get<Page<GuestSummary>>('qms/guest/page?name=Wang');
    expect(byEnglish.body.data.total).toBe(1);
    const wildcard = await c.get<Page<GuestSummary>>('qms/guest/page?name=%25');
    expect(wildcard.body.data.total).toBe(0);
    const approved = await c.get<Page<GuestSummary>>('qms/guest/page?status=approved');
    expect(approved.body.data.records.every((g) => g.status === 'approved')).toBe(true);
    const bad = await c.get('qms/guest/page?status=maybe&pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((f) => f.pointer).sort()).toEqual(['/pageSize', '/status']);
  });

  it('refuses the same person twice in one edition, also from another unit', async () => {
    const c = await caller(t, ENTERPRISE);
    await addGuest(c, t, ENTERPRISE, 30);
    const again = await c.post('qms/guest', guestBody(residentId(30), await uploadedFile(t, ENTERPRISE)));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Already exists, do not add again');
    const other = await caller(t, ENTERPRISE2);
    const elsewhere = await other.post('qms/guest', guestBody(residentId(30).toLowerCase(), await uploadedFile(t, ENTERPRISE2)));
    expect(elsewhere.status).toBe(409);
  });

  it('rejects invalid input with translated field errors, never a 500', async () => {
    const c = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    const badId = await c.post('qms/guest', guestBody('370202198001011231', photo));
    expect(badId.status).toBe(400);
    expect(badId.body.fieldErrors?.map((f) => f.pointer)).toContain('/idNumber');
    const serverOwned = await c.post('qms/guest', guestBody(residentId(40), photo, { auditStatus: 'approved' }));
    expect(serverOwned.status).toBe(400);
    const notJson = await t.call({
      method: 'POST',
      url: '/exhibition/qms/guest',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      payload: '{"nameZh":',
    });
    expect(notJson.status).toBe(400);
    const badParam = await c.get('qms/guest/has%20space');
    expect(badParam.status).toBe(400);
  });

  it("refuses a photo that is not the unit's upload", async () => {
    const c = await caller(t, ENTERPRISE);
    const foreign = await uploadedFile(t, ENTERPRISE2);
    const response = await c.post('qms/guest', guestBody(residentId(50), foreign));
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('Please upload a new photo');
    const unknown = await c.post('qms/guest', guestBody(residentId(50), 'no-such-file'));
    expect(unknown.status).toBe(400);
    const card = await uploadedFile(t, ENTERPRISE, 'businessCard');
    expect((await c.post('qms/guest', guestBody(residentId(50), card))).body.msg).toBe('Please upload a new photo');
    const withCard = await c.post<GuestSummary>(
      'qms/guest',
      guestBody(residentId(50), await uploadedFile(t, ENTERPRISE), { businessCard: card }),
    );
    expect(withCard.status).toBe(200);
  });

  it("scopes every read and write to the caller's unit: another unit's guest is 404", async () => {
    const mine = await caller(t, ENTERPRISE);
    const guest = await addGuest(mine, t, ENTERPRISE, 60);
    const other = await caller(t, ENTERPRISE2);
    const photo = await uploadedFile(t, ENTERPRISE2);
    const attempts = [
      await other.get(`qms/guest/${guest.id}`),
      await other.put(`qms/guest/${guest.id}`, guestBody(residentId(61), photo)),
      await other.put(`qms/guest/${guest.id}/intention`, { wantsToExhibit: true }),
      await other.put(`qms/guest/${guest.id}/attendance`, { attend: true }),
      await other.post(`qms/guest/${guest.id}/cancel`),
      await other.get(`qms/guest/${guest.id}/entourage`),
      await other.del(`qms/guest/${guest.id}`),
      await other.get('qms/guest/00000000-0000-0000-0000-000000000000'),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body.msg).toBe('The guest does not exist');
    }
    const list = await other.get<Page<GuestSummary>>('qms/guest/page?pageSize=100');
    expect(list.body.data.records.map((g) => g.id)).not.toContain(guest.id);
    expect((await detail(mine, guest.id)).id).toBe(guest.id);
  });

  it('blocks adding when the service is off, and asks for a code when the edition requires one', async () => {
    const organiser = await caller(t, ORGANISER);
    const c = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    await setEdition(organiser, { guestRegistrationEnabled: false });
    const off = await c.post('qms/guest', guestBody(residentId(70), photo));
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('Guest registration is not enabled: guests cannot be added');
    await setEdition(organiser, { guestRegistrationEnabled: true, inviteCodeRequired: true });
    const noCode = await c.post('qms/guest', guestBody(residentId(70), photo));
    expect(noCode.body.msg).toBe('Add failed, invitation code empty');
    const withCode = await c.post<GuestSummary>('qms/guest', guestBody(residentId(70), photo, { inviteCode: 'INVITE2025C' }));
    expect(withCode.body.data.status).toBe('approved');
    await setEdition(organiser, { inviteCodeRequired: false });
  });

  it('saves basic information of a pending guest and re-checks a changed code', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 80);
    const photo = await uploadedFile(t, ENTERPRISE);
    const saved = await c.put<GuestSummary>(
      `qms/guest/${guest.id}`,
      guestBody(residentId(80), photo, { nameZh: '赵六', inviteCode: 'INVITE2025C' }),
    );
    expect(saved.body.data).toMatchObject({ nameZh: '赵六', status: 'approved' });
    // the add and save answers are built from what was written, not read back: they must equal a later read
    const listed = (await c.get<Page<GuestSummary>>('qms/guest/page?pageNum=1&pageSize=100')).body.data.records.find(
      (record) => record.id === guest.id,
    );
    expect(saved.body.data).toEqual(listed);
    const added = await addGuest(c, t, ENTERPRISE, 81, { nameEn: 'Zhao Liu', inviteCode: 'INVITE2025A' });
    const listedAdded = (await c.get<Page<GuestSummary>>('qms/guest/page?pageNum=1&pageSize=100')).body.data.records.find(
      (record) => record.id === added.id,
    );
    expect(added).toEqual(listedAdded);
    const locked = await c.put(`qms/guest/${guest.id}`, guestBody(residentId(80), photo));
    expect(locked.status).toBe(400);
    expect(locked.body.key).toBe('server.guests.basicInfoLocked');
    const detailAfter: GuestDetail = await detail(c, guest.id);
    expect(detailAfter.gates.canEditBasic).toBe(false);
  });

  it('documents every path of the guest API contract in openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const value of Object.values(guestApiPaths)) {
      const path = typeof value === 'function' ? (value as (a: string, b: string) => string)('{id}', '{memberId}') : value;
      expect(Object.keys(doc.paths), path).toContain(`/exhibition/${path}`);
    }
  });
});
