import { expect, it } from 'vitest';
import { maskIdNumber } from '../../src/shared/sensitive-fields.js';
import type { ContentRecord } from '../../src/shared/content-api.js';
import type { GuestDetail, GuestSummary } from '../../src/shared/guest-api.js';
import type { MasterInfoData } from '../../src/shared/api-types.js';
import { describeEachDatabase } from './helpers/databases.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';
import { bearer, messageCode, useTestApp } from './helpers/test-app.js';
import { guestBody } from './helpers/guest-body.js';
import { addGuest, caller, detail, ENTERPRISE, memberBody, movableClock, ORGANISER, residentId, uploadedFile } from './guests-harness.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';
import { ownTables } from '../../src/server/db/schema-scoped.js';

/** Every row of every table as text: what someone holding a copy of the database would read. */
async function everyStoredRow(t: ReturnType<typeof useTestApp>): Promise<Map<string, string>> {
  // this test's own schema only: Kysely's introspection of PostgreSQL reads every schema of the
  // database and fails on a table another test file drops meanwhile
  const tables = await ownTables(t.app.db, t.app.config.databaseSchema);
  const out = new Map<string, string>();
  for (const table of tables) {
    if (table.name.startsWith('kysely_') || table.name.startsWith('guests_name_search')) continue;
    const rows = await t.app.db
      .selectFrom(table.name as 'guests')
      .selectAll()
      .execute();
    out.set(table.name, JSON.stringify(rows));
  }
  return out;
}

function tablesHolding(rows: Map<string, string>, value: string): string[] {
  return [...rows].filter(([, text]) => text.includes(value)).map(([name]) => name);
}

/** Issue 18 point 1: ID numbers and mobiles sealed at rest, found through blind indexes. */
describeEachDatabase('personal data at rest', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('keeps no clear ID number or mobile in any stored row, and answers them in clear to the services', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    // a guest approved at once (gets a sign-in account) and one waiting for review
    const approved = await addGuest(unit, t, ENTERPRISE, 701, { inviteCode: 'INVITE2025A', mobile: '13770000701' });
    const pending = await addGuest(unit, t, ENTERPRISE, 702, { mobile: '13770000702' });
    const member = await unit.post(
      `qms/guest/${approved.id}/entourage`,
      memberBody(residentId(703), await uploadedFile(t, ENTERPRISE), { mobile: '13770000703' }),
    );
    expect(member.status).toBe(200);
    const temporary = await register(t, registrationBody(await uploadedPicture(t), { mobile: '13770000704' }));
    expect(temporary.status).toBe(200);
    const historical = await organiser.post<ContentRecord>('admin/historical-guest', {
      session: 3,
      nameZh: '王历届',
      unitName: '青岛历届集团',
      position: '董事长',
      mobile: '13770000705',
      idType: 'resident-id',
      idNumber: residentId(705),
      inviter: { organisation: '市贸促会', name: '赵邀请', phone: '13770000706' },
    });
    expect(historical.status).toBe(200);
    const sideGuest = await unit.post('qms/unofficial-guest', {
      activityName: '对接会',
      activityTime: '2027-06-19T14:00:00+08:00',
      activityPlace: '海天中心',
      nameZh: '吴嘉宾',
      gender: 'male',
      nationality: '中国',
      organisation: '某研究院',
      mobile: '13770000707',
    });
    expect(sideGuest.status).toBe(200);

    const unitForm = {
      unitType: 'enterprise',
      orgNameZh: '示例跨国企业有限公司',
      socialCreditCode: '91370200MA3C123456',
      companyAddress: '山东省青岛市市南区香港中路 1 号',
      enterpriseType: '外商独资',
      contactName: '张企业',
      contactGender: 'male',
      contactMobile: '13770000708',
      contactEmail: 'contact@example.com',
      nationality: '中国',
    };
    const savedUnit = await unit.put('qms/unit/mine', unitForm);
    expect(savedUnit.status, JSON.stringify(savedUnit.body)).toBe(200);

    // a receptionist organisers keep: a private person's mobile (migration 0020)
    const receptionist = await organiser.post<{ id: string; mobile: string }>('admin/console/receptionist', {
      name: '钱接待',
      mobile: '13770000709',
    });
    expect(receptionist.status).toBe(200);
    expect(receptionist.body.data.mobile).toBe('137****0709');
    // a receptionist's mobile copied into a guest's and a member's reception arrangement (migration 0022)
    const point = { place: '海景酒店', receptionistName: '钱接待', receptionistPhone: '13770000710' };
    expect((await organiser.put(`admin/guest/${approved.id}/reception`, { hotels: [point] })).status).toBe(200);
    const memberId = (member.body as { data: { id: string } }).data.id;
    expect(
      (
        await organiser.put(`admin/guest/${approved.id}/entourage/${memberId}/reception`, {
          stations: [{ ...point, receptionistPhone: '13770000711' }],
        })
      ).status,
    ).toBe(200);

    const rows = await everyStoredRow(t);
    const idNumbers = [701, 702, 703, 705].map((n) => residentId(n));
    for (const value of idNumbers) expect(tablesHolding(rows, value), value).toEqual([]);
    // the approved guest's sign-in name is its mobile: stored as its blind index and sealed (0019)
    expect(tablesHolding(rows, '13770000701')).toEqual([]);
    for (const value of [
      '13770000702',
      '13770000703',
      '13770000704',
      '13770000705',
      '13770000706',
      '13770000707',
      '13770000708',
      '13770000709',
      '13770000710',
      '13770000711',
    ])
      expect(tablesHolding(rows, value), value).toEqual([]);
    // answered masked; the audited reveal opens the sealed value
    expect((await unit.get<{ document: Record<string, unknown> }>('qms/unit/mine')).body.data.document.contactMobile).toBe('137****0708');
    expect((await unit.post<{ value: string }>('qms/unit/reveal', { field: 'mobile' })).body.data.value).toBe('13770000708');

    // services and routes still get the clear document (masking is the answer layer's)
    const shown: GuestDetail = await detail(unit, pending.id);
    // answers mask them (issue 18 point 2); the audited reveal shows the opened values
    expect(shown.document).toMatchObject({ idNumber: maskIdNumber(residentId(702)), mobile: '137****0702' });
    expect((await unit.post<{ value: string }>(`qms/guest/${pending.id}/reveal`, { field: 'idNumber' })).body.data.value).toBe(
      residentId(702),
    );
    expect((await unit.post<{ value: string }>(`qms/guest/${pending.id}/reveal`, { field: 'mobile' })).body.data.value).toBe('13770000702');
    const history = await organiser.get<{ records: ContentRecord[] }>('qms/historical-guest/page?pageSize=50');
    expect(history.body.data.records.find((r) => r.id === historical.body.data.id)?.document).toMatchObject({
      mobile: '137****0705',
      inviter: { phone: '137****0706' },
    });
  });

  it('finds duplicates and signs guests in through the blind indexes', async () => {
    const unit = await caller(t, ENTERPRISE);
    const first = await addGuest(unit, t, ENTERPRISE, 711, { inviteCode: 'INVITE2025A', mobile: '13770000711' });
    // the same ID number again, written in lower case (a passport letter) or as a member: refused
    const again = await unit.post('qms/guest', guestBody(residentId(711), await uploadedFile(t, ENTERPRISE), { mobile: '13770000712' }));
    expect(again.status).toBe(409);
    const asMember = await unit.post(`qms/guest/${first.id}/entourage`, memberBody(residentId(711), await uploadedFile(t, ENTERPRISE)));
    expect(asMember.status).toBe(409);
    // another unit may not reuse the guest's mobile (its sign-in)
    const other = await caller(t, 'enterprise2@demo.example.com');
    const taken = await other.post(
      'qms/guest',
      guestBody(residentId(713), await uploadedFile(t, 'enterprise2@demo.example.com'), { mobile: '+8613770000711' }),
    );
    expect(taken.status).toBe(409);

    // sign-in by the mobile reaches this guest's registration
    const code = await messageCode(t, '13770000711', 'guest-login');
    const login = await t.call<string>({
      method: 'POST',
      url: '/exhibition/center/user/front/guestLogin',
      payload: { account: '13770000711', code },
    });
    expect(login.status).toBe(200);
    const info = await t.call<MasterInfoData>({
      method: 'GET',
      url: '/exhibition/qms/group-participant-link-info/front/getMasterInfo',
      headers: bearer(sessionTokenFrom(login.headers['set-cookie'])),
    });
    // the guest's own registration, its mobile masked in the answer like every default view (master-info.test.ts)
    expect(info.body.data.guest).toMatchObject({ id: first.id, mobile: '137****0711' });
    expect(JSON.stringify(info.body)).not.toContain('13770000711');
  });

  it('refuses a tampered sealed value instead of answering it', async () => {
    const unit = await caller(t, ENTERPRISE);
    const guest: GuestSummary = await addGuest(unit, t, ENTERPRISE, 721, { mobile: '13770000721' });
    const row = await t.app.db.selectFrom('guests').select('document').where('id', '=', guest.id).executeTakeFirstOrThrow();
    const document = JSON.parse(row.document) as Record<string, string>;
    const sealed = document.idNumber!;
    // flip one character of the ciphertext
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    await t.app.db
      .updateTable('guests')
      .set({ document: JSON.stringify({ ...document, idNumber: sealed.slice(0, -1) + last }) })
      .where('id', '=', guest.id)
      .execute();
    const answer = await unit.get(`qms/guest/${guest.id}`);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain(residentId(721));
  });
});
