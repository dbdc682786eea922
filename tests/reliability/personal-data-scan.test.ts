/**
 * Issue 18 point 1, "done when": guests, entourage members, temporary registrations, historical
 * and unofficial guests registered through HTTP on the real server (a child process, SQLite and
 * PostgreSQL), then the database itself is read as an attacker with a copy would: the SQLite
 * file bytes with its WAL (while running and after a clean stop), or PostgreSQL's `pg_dump` of
 * the run's schema. No clear ID number or mobile of those people is found. A control value that
 * is stored in clear (a unique name) is found, so the scan is able to fail.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from '../server/helpers/databases.js';
import { guestBody } from '../server/helpers/guest-body.js';
import { memberBody, residentId } from '../server/guests-harness.js';
import { jpgPicture, registrationBody } from '../server/temporary-harness.js';
import { portrait } from '../server/uploads-fixtures.js';
import { ORGANISER } from './support/fuzz-world.js';
import { freePort } from '../../scripts/support/free-port.js';
import { ServerProcess } from './support/server-process.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';

const PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';

interface Call {
  status: number;
  data: Record<string, unknown>;
}

describeEachDatabase('personal data scan of the database files (real server process)', (kind) => {
  let database: IsolatedDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-scan-'));
    env = {
      ...(database.env.DATABASE_URL ? { DATABASE_URL: database.env.DATABASE_URL, DATABASE_SCHEMA: database.env.DATABASE_SCHEMA! } : {}),
    };
    server = new ServerProcess(dataDir, await freePort(), env);
    await server.start();
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.dispose();
  });

  async function call(method: string, url: string, token: string | null, body?: unknown): Promise<Call> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${server.baseUrl}/exhibition/${url}`, { method, headers, body: payload });
    const answer = (await response.json()) as { data: Record<string, unknown> };
    return { status: response.status, data: answer.data };
  }

  async function signIn(account: string): Promise<string> {
    // CAPTCHA_REQUIRED=false: the image code is not checked, only its shape
    const response = await fetch(`${server.baseUrl}/exhibition/center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: PASSWORD, code: 'AAAA', uuid: 'no-captcha' }),
    });
    if (response.status !== 200) throw new Error(`sign-in of ${account}: ${response.status} ${await response.text()}`);
    // the token rides in the HttpOnly session cookie (issue 18 point 3); sent back as Bearer
    return sessionTokenFrom(response.headers.getSetCookie());
  }

  async function upload(url: string, token: string | null, rule: string, bytes: Buffer, name: string): Promise<string> {
    const form = new FormData();
    form.append('rule', rule);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
    const answer = await call('POST', url, token, form);
    if (answer.status !== 200) throw new Error(`upload: ${JSON.stringify(answer)}`);
    return String(answer.data.id);
  }

  /** What a copy of the database holds, as text: the SQLite files' bytes, or PostgreSQL's dump. */
  function storedBytes(): string {
    if (kind === 'sqlite') {
      return ['summit.sqlite', 'summit.sqlite-wal']
        .map((name) => path.join(dataDir, name))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file).toString('latin1'))
        .join('\n');
    }
    return execFileSync('pg_dump', ['--data-only', '--schema', env.DATABASE_SCHEMA!, env.DATABASE_URL!], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  }

  /** UTF-8 bytes of a value as the latin1 text above shows them. */
  const asStored = (value: string) => (kind === 'sqlite' ? Buffer.from(value, 'utf8').toString('latin1') : value);

  it('finds no clear ID number or mobile of the people it registered', async () => {
    const organiser = await signIn(ORGANISER);
    const current = await call('GET', 'admin/edition/current', organiser);
    const { id: _id, year: _year, name: _name, addGuestGate: _gate, ...settings } = current.data;
    expect(
      (
        await call('PUT', 'admin/edition/current', organiser, {
          ...settings,
          registrationStart: '2000-01-01',
          registrationEnd: '2999-12-31',
          guestRegistrationEnabled: true,
          signUpClosed: false,
          inviteCodeRequired: false,
        })
      ).status,
    ).toBe(200);
    const unit = await signIn(ENTERPRISE);
    const photo = await upload('qms/file/upload', unit, 'photo', await portrait(), 'portrait.jpg');

    const idNumbers: string[] = [];
    const mobiles: string[] = [];
    const control = '扫描对照嘉宾甲';
    const guests: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const idNumber = residentId(900 + n);
      const mobile = `1365550${String(900 + n).padStart(4, '0')}`;
      const answer = await call('POST', 'qms/guest', unit, guestBody(idNumber, photo, { mobile, ...(n === 0 ? { nameZh: control } : {}) }));
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      guests.push(String(answer.data.id));
      idNumbers.push(idNumber);
      mobiles.push(mobile);
    }
    // the first guest, approved, signs in by its mobile (accounts), is sent a code (one_time_codes,
    // outbox) and fails a sign-in (sign_in_failures): none of them may keep the mobile in clear
    expect((await call('POST', 'admin/review/decide', organiser, { ids: [guests[0]], decision: 'approve' })).status).toBe(200);
    expect((await call('POST', 'center/front/anonMsgCode', null, { account: mobiles[0], scene: 'guest-login' })).status).toBe(200);
    expect((await call('POST', 'center/user/front/securityCodeLogin', null, { account: mobiles[0], code: '0000' })).status).toBe(400);
    for (let n = 0; n < 3; n += 1) {
      const idNumber = residentId(950 + n);
      const mobile = `1365551${String(950 + n).padStart(4, '0')}`;
      const answer = await call('POST', `qms/guest/${guests[0]}/entourage`, unit, memberBody(idNumber, photo, { mobile }));
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      idNumbers.push(idNumber);
      mobiles.push(mobile);
    }
    for (let n = 0; n < 3; n += 1) {
      const picture = await upload('qms/temporary/upload', null, 'pictureJpg', await jpgPicture(300, 400, 40 + n), 'me.jpg');
      const mobile = `1365552${String(n).padStart(4, '0')}`;
      expect((await call('POST', 'qms/temporary/register', null, registrationBody(picture, { mobile }))).status).toBe(200);
      mobiles.push(mobile);
    }
    for (let n = 0; n < 3; n += 1) {
      const idNumber = residentId(980 + n);
      const mobile = `1365553${String(n).padStart(4, '0')}`;
      const phone = `1365554${String(n).padStart(4, '0')}`;
      const answer = await call('POST', 'admin/historical-guest', organiser, {
        session: 3,
        nameZh: '王历届',
        unitName: '青岛历届集团',
        position: '董事长',
        mobile,
        idType: 'resident-id',
        idNumber,
        inviter: { organisation: '市贸促会', name: '赵邀请', phone },
      });
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      idNumbers.push(idNumber);
      mobiles.push(mobile, phone);
    }
    const sideMobile = '13655550001';
    expect(
      (
        await call('POST', 'qms/unofficial-guest', unit, {
          activityName: '对接会',
          activityTime: '2027-06-19T14:00:00+08:00',
          activityPlace: '海天中心',
          nameZh: '吴嘉宾',
          gender: 'male',
          nationality: '中国',
          organisation: '某研究院',
          mobile: sideMobile,
        })
      ).status,
    ).toBe(200);
    mobiles.push(sideMobile);
    // a receptionist organisers keep (sealed since migration 0020)
    const receptionistMobile = '13655560001';
    expect((await call('POST', 'admin/console/receptionist', organiser, { name: '钱接待', mobile: receptionistMobile })).status).toBe(200);
    mobiles.push(receptionistMobile);
    // a receptionist's mobile copied into a guest's reception arrangement (sealed since migration 0022)
    const receptionPhone = '13655560002';
    expect(
      (
        await call('PUT', `admin/guest/${guests[0]}/reception`, organiser, {
          hotels: [{ place: '海景酒店', receptionistName: '钱接待', receptionistPhone: receptionPhone }],
        })
      ).status,
    ).toBe(200);
    mobiles.push(receptionPhone);

    const scan = (when: string) => {
      const bytes = storedBytes();
      expect(bytes.includes(asStored(control)), `${when}: the control value is found`).toBe(true);
      const found = [...idNumbers, ...mobiles].filter((value) => bytes.includes(value));
      expect(found, `${when}: clear values in the stored bytes`).toEqual([]);
    };
    scan('while running');
    // a clean stop checkpoints SQLite's WAL into the main file
    await server.kill('SIGTERM');
    scan('after a clean stop');
  });
});
