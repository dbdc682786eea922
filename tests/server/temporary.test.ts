import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, openRegistrationWindow, ORGANISER, setEdition } from './guests-harness.js';
import { bigJpg, jpgPicture, OPEN, openUpload, pngPicture, register, registrationBody, uploadedPicture } from './temporary-harness.js';

describeEachDatabase('temporary registration (open pages)', (kind) => {
  const t = useTestApp(kind);
  let organiser: Awaited<ReturnType<typeof caller>>;
  beforeAll(async () => {
    // the recommendation page follows the registration window: independent of today's date
    await openRegistrationWindow(t);
    organiser = await caller(t, ORGANISER);
    for (const code of [
      { code: 'NOEVENT1', attendanceMode: 'onsite' },
      { code: 'NOMODE01', eventName: 'Opening' },
      { code: 'DISCARD1', eventName: 'Gala', attendanceMode: 'online' },
      { code: 'MEDIAONLY', eventName: 'Press', attendanceMode: 'onsite', registrationType: 'media' },
    ]) {
      expect((await organiser.post('admin/temporary/codes', code)).status).toBe(200);
    }
    expect((await organiser.post('admin/temporary/codes/DISCARD1/discard')).status).toBe(200);
  });

  it('takes a JPG picture without sign-in and refuses what the picture rule refuses', async () => {
    const ok = await openUpload(t, { filename: 'me.jpg', contentType: 'image/jpeg', data: await jpgPicture() });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ mime: 'image/jpeg', width: 300, height: 400, name: 'me.jpg' });

    // a PNG that claims to be a JPG: the content is sniffed
    const png = await openUpload(t, { filename: 'me.jpg', contentType: 'image/jpeg', data: await pngPicture() });
    expect(png.status).toBe(400);
    expect(png.body.fieldErrors?.map((e) => e.key)).toContain('upload.rules.jpgOnly');

    const big = await openUpload(t, { filename: 'big.jpg', contentType: 'image/jpeg', data: await bigJpg() });
    expect(big.status).toBe(400);
    expect(big.body.fieldErrors?.map((e) => e.key).join()).toMatch(/photoSizeExceeded|fileTooBig/);

    const none = await t.call({ method: 'POST', url: `${OPEN}upload`, payload: { rule: 'pictureJpg' } });
    expect(none.status).toBe(400);
  });

  it('registers a worker without sign-in, bound to the code event and attendance mode', async () => {
    const picture = await uploadedPicture(t);
    const { status, body } = await register(t, registrationBody(picture));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'pending', eventName: '开幕式 Opening Ceremony', attendanceMode: 'onsite' });
    const row = await t.app.db
      .withTables<{
        temporary_registrations: { id: string; account_id: string | null; mobile_index: string; document: string; status: string };
      }>()
      .selectFrom('temporary_registrations')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    // the mobile is at rest only as its blind index and sealed in the document (issue 18)
    expect(row).toMatchObject({
      account_id: null,
      mobile_index: t.app.services.protection.index('mobile', '13712345678'),
      status: 'pending',
    });
    expect(row.document).not.toContain('13712345678');

    // one registration per mobile and type; the same mobile may register as a volunteer
    const again = await register(t, registrationBody(await uploadedPicture(t), { mobile: '+8613712345678' }));
    expect(again.status).toBe(409);
    const volunteer = await register(t, registrationBody(await uploadedPicture(t), { registrationType: 'volunteer' }));
    expect(volunteer.status).toBe(200);
  });

  it('is open to signed-in users too and records who registered', async () => {
    const unit = await caller(t, ENTERPRISE);
    const picture = await uploadedPicture(t);
    const { status, body } = await register(t, registrationBody(picture, { mobile: '13712340001' }), {
      authorization: `Bearer ${unit.token}`,
    });
    expect(status).toBe(200);
    const row = await t.app.db
      .withTables<{ temporary_registrations: { id: string; account_id: string | null } }>()
      .selectFrom('temporary_registrations')
      .select('account_id')
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).not.toBeNull();
    // a stale token does not lock anyone out of an open page
    const stale = await register(t, registrationBody(await uploadedPicture(t), { mobile: '13712340002' }), {
      authorization: 'Bearer xxxxxxxxxxxxxxxxxxxxxxxx',
    });
    expect(stale.status).toBe(200);
  });

  it('checks the SPEC 5 fields with translated field errors', async () => {
    const picture = await uploadedPicture(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ inviteCode: undefined }, '/inviteCode'],
      [{ name: 'li lei' }, '/name'],
      [{ name: '李雷' }, '/name'],
      [{ mobile: '12345' }, '/mobile'],
      [{ email: 'nope' }, '/email'],
      [{ landline: 'abc' }, '/landline'],
      [{ residence: 'x'.repeat(101) }, '/residence'],
      [{ province: undefined }, '/province'],
      [{ picture: undefined }, '/picture'],
      [{ registrationType: 'media' }, '/mediaName'],
    ];
    for (const [change, pointer] of cases) {
      const { status, body } = await register(t, registrationBody(picture, change));
      expect(status, pointer).toBe(400);
      expect(
        body.fieldErrors?.map((e) => e.pointer),
        pointer,
      ).toContain(pointer);
      expect(body.msg).not.toMatch(/server\./);
    }
  });

  it('answers the code catalogue and the three SPEC 8 binding messages, in both languages', async () => {
    const expectations: [string, number, string, string][] = [
      ['NOSUCHCODE', 10002, 'server.invitation.notExist', ''],
      ['NOEVENT1', 400, 'server.temporary.noEvent', 'no event is bound'],
      ['NOMODE01', 400, 'server.temporary.noAttendanceMode', 'no attendance mode'],
      ['DISCARD1', 400, 'server.temporary.eventDiscarded', 'the event was discarded'],
      // a media-only code on the worker page is not revealed
      ['MEDIAONLY', 10002, 'server.invitation.notExist', ''],
    ];
    for (const [code, envelopeCode, key, english] of expectations) {
      const picture = await uploadedPicture(t);
      const { status, body } = await register(t, registrationBody(picture, { inviteCode: code, mobile: '13700000009' }));
      expect(status, code).toBe(400);
      expect(body.code, code).toBe(envelopeCode);
      expect(body.key, code).toBe(key);
      if (english) expect(body.msg).toContain(english);
      // nothing was written and the picture is still free
      const retry = await register(
        t,
        registrationBody(picture, {
          mobile: '13700000009',
          registrationType: 'media',
          mediaName: 'Qingdao Daily',
          inviteCode: 'MEDIAONLY',
        }),
      );
      expect(retry.status, code).toBe(200);
      await t.app.db
        .withTables<{ temporary_registrations: { mobile_index: string } }>()
        .deleteFrom('temporary_registrations')
        .where('mobile_index', '=', t.app.services.protection.index('mobile', '13700000009'))
        .execute();
    }
    const chinese = await t.call({
      method: 'POST',
      url: `${OPEN}register`,
      headers: { 'accept-language': 'zh-CN' },
      payload: registrationBody(await uploadedPicture(t), { inviteCode: 'NOEVENT1' }),
    });
    expect(chinese.body.msg).toBe('临时登记无效：未绑定活动');
  });

  it('uses a picture once and only pictures of the open upload', async () => {
    const picture = await uploadedPicture(t);
    expect((await register(t, registrationBody(picture, { mobile: '13712340010' }))).status).toBe(200);
    const reused = await register(t, registrationBody(picture, { mobile: '13712340011' }));
    expect(reused.status).toBe(400);
    expect(reused.body.key).toBe('server.temporary.pictureInvalid');
    const unknown = await register(t, registrationBody('00000000-0000-0000-0000-000000000000', { mobile: '13712340012' }));
    expect(unknown.body.key).toBe('server.temporary.pictureInvalid');
  });

  it('takes recommendations while open and closes with sign-up', async () => {
    const recommendation = {
      recommenderName: '王芳',
      recommenderMobile: '13812345678',
      recommenderOrganisation: '青岛市商务局',
      inviteeName: 'John Smith',
      inviteeOrganisation: 'Example Corp',
      inviteePosition: 'CEO',
      activity: 'Opening forum',
      reason: 'Leads the largest investment project of the year in Shandong.',
    };
    expect((await t.call<{ open: boolean }>({ method: 'GET', url: `${OPEN}recommend/status` })).body.data.open).toBe(true);
    const sent = await t.call<{ id: string }>({ method: 'POST', url: `${OPEN}recommend`, payload: recommendation });
    expect(sent.status).toBe(200);
    const bad = await t.call({ method: 'POST', url: `${OPEN}recommend`, payload: { ...recommendation, recommenderMobile: '1' } });
    expect(bad.status).toBe(400);

    const page = await organiser.get<{ records: { id: string; document: { inviteeName: string } }[] }>('admin/temporary/recommendations');
    expect(page.body.data.records.map((r) => r.id)).toContain(sent.body.data.id);

    await setEdition(organiser, { signUpClosed: true });
    try {
      expect((await t.call<{ open: boolean }>({ method: 'GET', url: `${OPEN}recommend/status` })).body.data.open).toBe(false);
      const closed = await t.call({
        method: 'POST',
        url: `${OPEN}recommend`,
        headers: { 'accept-language': 'en' },
        payload: recommendation,
      });
      expect(closed.status).toBe(400);
      expect(closed.body.key).toBe('server.temporary.recommendClosed');
    } finally {
      await setEdition(organiser, { signUpClosed: false });
    }
    // and after the registration end date
    const current = (await organiser.get<{ registrationStart: string; registrationEnd: string }>('admin/edition/current')).body.data;
    await setEdition(organiser, { registrationStart: '1999-01-01', registrationEnd: '2000-01-01' });
    try {
      expect((await t.call<{ open: boolean }>({ method: 'GET', url: `${OPEN}recommend/status` })).body.data.open).toBe(false);
      expect((await t.call({ method: 'POST', url: `${OPEN}recommend`, payload: recommendation })).status).toBe(400);
    } finally {
      await setEdition(organiser, { registrationStart: current.registrationStart, registrationEnd: current.registrationEnd });
    }
    expect((await t.call<{ open: boolean }>({ method: 'GET', url: `${OPEN}recommend/status` })).body.data.open).toBe(true);
  });

  it('removes pictures no registration took within a day, never a claimed one', async () => {
    const unclaimed = await uploadedPicture(t);
    const claimed = await uploadedPicture(t);
    expect((await register(t, registrationBody(claimed, { mobile: '13712340099' }))).status).toBe(200);
    const uploadsTable = t.app.db.withTables<{ temporary_uploads: { id: string; storage_name: string; created_at: string } }>();
    await uploadsTable
      .updateTable('temporary_uploads')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('id', 'in', [unclaimed, claimed])
      .execute();
    const stored = await uploadsTable
      .selectFrom('temporary_uploads')
      .select(['id', 'storage_name'])
      .where('id', 'in', [unclaimed, claimed])
      .execute();
    const uploads = t.app.services.temporary.uploads;
    expect(await uploads.purgeUnclaimed(new Date(Date.now() - 24 * 3_600_000).toISOString())).toBeGreaterThanOrEqual(1);
    const left = await uploadsTable.selectFrom('temporary_uploads').select('id').where('id', 'in', [unclaimed, claimed]).execute();
    expect(left.map((row) => row.id)).toEqual([claimed]);
    const fileOf = (id: string) => path.join(t.app.config.uploadDir, stored.find((row) => row.id === id)!.storage_name);
    expect(fs.existsSync(fileOf(unclaimed))).toBe(false);
    expect(fs.existsSync(fileOf(claimed))).toBe(true);
  });
});
