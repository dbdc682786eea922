/**
 * Erasure that erases, on the real server (a child process) and both databases: an edition's
 * people are registered through HTTP (guests, an approved guest who signs in by SMS, entourage
 * members, a reception arrangement, a receptionist, a temporary registration and a
 * recommendation), `npm run retention:purge -- --force` runs beside the server, the server stops
 * cleanly, and the database is then read as an attacker with a copy of it and every key still
 * there would: DATA_KEY and each edition key file left in the key folder. Read: SQLite's file
 * (and WAL, if any); PostgreSQL's `pg_dump` of the run's schema and, where this process may read
 * them, the table, TOAST and index files of that schema and the WAL segments written during the
 * run (the WAL keeps every tuple written before the purge: only crypto-shredding, the edition's
 * key destroyed, makes those copies unreadable). None of the purged ID numbers and mobiles is
 * found in clear, nor inside any sealed value a key opens. Before the purge the same scan finds
 * them sealed, so it is able to fail. A backup taken before the purge is the WAL's case: its
 * values are under the destroyed key (backup-restore.test.ts covers the key files of a backup).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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
import { loadDataKeyring, type DataKeyring } from '../../src/server/security/data-keys.js';
import { open } from '../../src/server/security/sealed-values.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
/** the keys the server runs with: the attacker of this test holds the data key */
const KEYS = { DATA_KEY: 'ZXJhc3VyZS10ZXN0LWRhdGEta2V5LTMyLWJ5dGVzLXg=', DATA_INDEX_KEY: 'ZXJhc3VyZS10ZXN0LWluZGV4LWtleS0zMi1ieXRlcy0=' };
const SECRETS = { SESSION_SECRET: 'erasure-session-secret-erasure-xxxxxx', CODE_SECRET: 'erasure-code-secret-erasure-xxxxxxxxx' };
/** a sealed value as stored (sealed-values.ts) */
const SEALED = /v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*/g;

/**
 * Values of this run alone: PostgreSQL's WAL is shared with every other run on the server (an
 * earlier run of this test included), so fixed values could be found sealed by another run.
 */
const RUN = randomInt(1000, 10_000);
const BIRTH = `19${randomInt(50, 90)}0${randomInt(1, 10)}1${randomInt(0, 10)}`;
const mobileOf = (n: number): string => `13${RUN}${String(n).padStart(5, '0')}`;

interface Call {
  status: number;
  data: Record<string, unknown>;
}

/** What a text holds of the values: in clear, and inside sealed values a key of the ring opens. */
function findIn(keyring: DataKeyring, text: string, values: readonly string[]): { clear: string[]; sealed: string[] } {
  const wanted = new Set(values);
  const sealed = new Set<string>();
  for (const match of text.matchAll(SEALED)) {
    let clear: string;
    try {
      clear = open(keyring, match[0]);
    } catch {
      continue; // cut by a page boundary, or not ours
    }
    if (wanted.has(clear)) sealed.add(clear);
  }
  return { clear: values.filter((value) => text.includes(value)), sealed: [...sealed] };
}

describeEachDatabase('retention purge leaves no purged value in the database files (real server process)', (kind) => {
  let database: IsolatedDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-erasure-'));
    env = {
      ...KEYS,
      ...SECRETS,
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
    const response = await fetch(`${server.baseUrl}/exhibition/center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: PASSWORD, code: 'AAAA', uuid: 'no-captcha' }),
    });
    if (response.status !== 200) throw new Error(`sign-in of ${account}: ${response.status} ${await response.text()}`);
    return sessionTokenFrom(response.headers.getSetCookie());
  }

  /** A guest's SMS sign-in, the code read from the dev outbox; the session token, or the refusal's status. */
  async function guestSignIn(mobile: string): Promise<{ status: number; token: string }> {
    const sent = await call('POST', 'center/front/anonMsgCode', null, { account: mobile, scene: 'guest-login' });
    if (sent.status !== 200) return { status: sent.status, token: '' };
    const outbox = (await (await fetch(`${server.baseUrl}/exhibition/dev/outbox?to=${mobile}`)).json()) as { data: { code: string }[] };
    const response = await fetch(`${server.baseUrl}/exhibition/center/user/front/guestLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: mobile, code: outbox.data[0]?.code ?? '' }),
    });
    return { status: response.status, token: response.status === 200 ? sessionTokenFrom(response.headers.getSetCookie()) : '' };
  }

  async function upload(url: string, token: string | null, rule: string, bytes: Buffer, name: string): Promise<string> {
    const form = new FormData();
    form.append('rule', rule);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
    const answer = await call('POST', url, token, form);
    if (answer.status !== 200) throw new Error(`upload: ${JSON.stringify(answer)}`);
    return String(answer.data.id);
  }

  /** `npm run retention:purge -- --edition <id> --force`, beside the running server, on its database. */
  async function purgeCommand(editionId: string): Promise<string> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts/retention-purge.ts'), '--edition', editionId, '--force'],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    return output;
  }

  /** The table, TOAST and index files of the run's schema, when this process may read PostgreSQL's data folder. */
  async function postgresFiles(): Promise<{ text: string; readable: boolean; files: number }> {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const folder = String((await client.query('show data_directory')).rows[0].data_directory);
      const { rows } = await client.query<{ file: string | null }>(
        `select pg_relation_filepath(c.oid) as file from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'i')
         union all
         select pg_relation_filepath(c.reltoastrelid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.reltoastrelid <> 0`,
        [env.DATABASE_SCHEMA],
      );
      const parts: string[] = [];
      let files = 0;
      for (const { file } of rows) {
        if (!file) continue;
        for (let segment = 0; ; segment += 1) {
          const name = path.join(folder, segment === 0 ? file : `${file}.${segment}`);
          let bytes: Buffer;
          try {
            bytes = fs.readFileSync(name);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
            return { text: '', readable: false, files: 0 };
          }
          parts.push(bytes.toString('latin1'));
          files += 1;
        }
      }
      return { text: parts.join('\n'), readable: true, files };
    } finally {
      await client.end();
    }
  }

  /**
   * PostgreSQL's WAL segments written since `since`, as text (shared with every other user of the
   * server: only this run's values are looked for). Null when this process may not read them.
   */
  async function walText(since: number): Promise<{ text: string; segments: number } | null> {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const folder = path.join(String((await client.query('show data_directory')).rows[0].data_directory), 'pg_wal');
      const parts: string[] = [];
      for (const name of fs.readdirSync(folder)) {
        const file = path.join(folder, name);
        if (!/^[0-9A-F]{24}$/.test(name) || fs.statSync(file).mtimeMs < since) continue;
        parts.push(fs.readFileSync(file).toString('latin1'));
      }
      return { text: parts.join('\n'), segments: parts.length };
    } catch (error) {
      console.info(`[postgres] the WAL was not readable (${(error as Error).message})`);
      return null;
    } finally {
      await client.end();
    }
  }

  /** The keys an attacker with the server's key folder finds: DATA_KEY and every edition key file still there. */
  function keysLeft(): DataKeyring {
    const problems: string[] = [];
    const keyring = loadDataKeyring({ env: KEYS, dataDir, production: false, shared: false, problems });
    expect(problems).toEqual([]);
    return keyring;
  }

  /** What a copy of the database holds, as text (PostgreSQL: with the WAL written since `since`). */
  async function storedText(since: number): Promise<string> {
    if (kind === 'sqlite') {
      return ['summit.sqlite', 'summit.sqlite-wal', 'summit.sqlite-journal']
        .map((name) => path.join(dataDir, name))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file).toString('latin1'))
        .join('\n');
    }
    const dump = execFileSync('pg_dump', ['--data-only', '--schema', env.DATABASE_SCHEMA!, env.DATABASE_URL!], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const files = await postgresFiles();
    const wal = await walText(since);
    console.info(
      files.readable
        ? `[postgres] scanned pg_dump, ${files.files} table, TOAST and index files and ${wal?.segments ?? 0} WAL segments`
        : '[postgres] the data folder is not readable by this process: pg_dump only',
    );
    return `${dump}\n${files.text}\n${wal?.text ?? ''}`;
  }

  it('after the purge and a clean stop, no purged ID number or mobile is in the files or the WAL, in clear or under a key still there', async () => {
    const started = Date.now();
    const organiser = await signIn(ORGANISER);
    const current = await call('GET', 'admin/edition/current', organiser);
    const editionId = String(current.data.id);
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

    const purged: string[] = [];
    const guests: string[] = [];
    const guestMobiles: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const idNumber = residentId(700 + n, BIRTH);
      const mobile = mobileOf(700 + n);
      const answer = await call('POST', 'qms/guest', unit, guestBody(idNumber, photo, { mobile }));
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      guests.push(String(answer.data.id));
      guestMobiles.push(mobile);
      purged.push(idNumber, mobile);
    }
    // the approved guest gets a sign-in named by its mobile and signs in by SMS
    expect((await call('POST', 'admin/review/decide', organiser, { ids: [guests[0]], decision: 'approve' })).status).toBe(200);
    const guest = await guestSignIn(guestMobiles[0]!);
    expect(guest.status).toBe(200);
    expect((await call('GET', 'qms/group-participant-link-info/front/getMasterInfo', guest.token)).status).toBe(200);
    for (let n = 0; n < 2; n += 1) {
      const idNumber = residentId(750 + n, BIRTH);
      const mobile = mobileOf(750 + n);
      const answer = await call('POST', `qms/guest/${guests[0]}/entourage`, unit, memberBody(idNumber, photo, { mobile }));
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      purged.push(idNumber, mobile);
    }
    const receptionPhone = mobileOf(20001);
    expect(
      (
        await call('PUT', `admin/guest/${guests[0]}/reception`, organiser, {
          hotels: [{ place: '海景酒店', receptionistName: '钱接待', receptionistPhone: receptionPhone }],
        })
      ).status,
    ).toBe(200);
    const receptionistMobile = mobileOf(20002);
    expect((await call('POST', 'admin/console/receptionist', organiser, { name: '孙接待', mobile: receptionistMobile })).status).toBe(200);
    purged.push(receptionPhone, receptionistMobile);
    const picture = await upload('qms/temporary/upload', null, 'pictureJpg', await jpgPicture(300, 400, 61), 'me.jpg');
    const temporaryMobile = mobileOf(30001);
    expect((await call('POST', 'qms/temporary/register', null, registrationBody(picture, { mobile: temporaryMobile }))).status).toBe(200);
    const recommenderMobile = mobileOf(40001);
    const inviteeMobile = mobileOf(40002);
    const recommended = await call('POST', 'qms/temporary/recommend', null, {
      recommenderName: '王芳',
      recommenderMobile,
      recommenderOrganisation: '青岛市商务局',
      inviteeName: 'John Smith',
      inviteeOrganisation: 'Example Corp',
      inviteePosition: 'CEO',
      inviteeMobile,
      activity: 'Opening forum',
      reason: 'Leads the largest investment project of the year in Shandong.',
    });
    expect(recommended.status, JSON.stringify(recommended)).toBe(200);
    purged.push(temporaryMobile, recommenderMobile, inviteeMobile);

    // able to fail: before the purge the key opens the values in the files
    const before = findIn(keysLeft(), await storedText(started), purged);
    expect(before.sealed.length + before.clear.length, 'before the purge the scan finds the values').toBeGreaterThan(purged.length / 2);

    const output = await purgeCommand(editionId);
    console.info(`[${kind}] ${output.trim()}`);
    // the guest's sign-in and session are gone with its mobile
    // (soft: the scan below runs and reports too)
    expect.soft((await call('GET', 'qms/group-participant-link-info/front/getMasterInfo', guest.token)).status).toBe(401);
    expect.soft((await guestSignIn(guestMobiles[0]!)).status).not.toBe(200);

    expect.soft(output, 'the purge destroys the edition key').toMatch(/edition key \S+ destroyed/);
    expect.soft(fs.existsSync(path.join(dataDir, 'edition-keys', `${editionId}.key`)), 'the edition key file').toBe(false);

    await server.kill('SIGTERM');
    const after = findIn(keysLeft(), await storedText(started), purged);
    expect(after, 'purged values in the database files (and WAL) after the purge and a clean stop').toEqual({ clear: [], sealed: [] });

    // the destroyed key is no missing key: the portal starts again and serves what is left
    await server.start();
    expect((await call('GET', 'qms/unit/mine', await signIn(ENTERPRISE))).status).toBe(200);
  });
});
