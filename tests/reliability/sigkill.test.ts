/**
 * SIGKILL during concurrent writes (issue 11, issue 18 point 11): the real server (a child
 * process, on SQLite and on PostgreSQL) takes unit saves, photo uploads + guest creations and
 * card uploads from 12 writers and is killed mid-flight several times. After a restart: every
 * acknowledged write is there, SQLite passes `PRAGMA integrity_check`, and the restart's sweep
 * leaves no file without a row and no row without its file - the leftovers being seconds old.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from '../server/helpers/databases.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';
import { portrait } from '../server/uploads-fixtures.js';
import { UNIT_ACCOUNTS, ORGANISER } from './support/fuzz-world.js';
import { rngFor, runSeed } from './support/prng.js';
import { routesOf, type OpenApiDocument } from './support/route-catalogue.js';
import { freePort } from '../../scripts/support/free-port.js';
import { ServerProcess } from './support/server-process.js';
import { validBody } from './support/valid-inputs.js';
import { cardUploads, emptyLedger, guestCreations, unitSaves, uploadFile, type Writer } from './support/write-ledger.js';

const SEED = runSeed();
const KILLS = Number(process.env.RELIABILITY_KILLS || 4);
const PASSWORD = 'Summit#2025';

async function signIn(base: string, account: string): Promise<string> {
  // CAPTCHA_REQUIRED=false: the image code is not checked, only its shape
  const response = await fetch(`${base}/exhibition/center/user/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: PASSWORD, code: 'AAAA', uuid: 'no-captcha' }),
  });
  const body = (await response.json()) as { data: string };
  if (response.status !== 200) throw new Error(`sign-in of ${account}: ${JSON.stringify(body)}`);
  // the token is the answer's HttpOnly session cookie; sent back as a bearer token
  return sessionTokenFrom(response.headers.getSetCookie());
}

/** The storage names of every upload row (signed-in and temporary), from the database itself. */
async function storedNames(dataDir: string, env: Record<string, string>): Promise<{ id: string; storage_name: string }[]> {
  const query = 'select id, storage_name from uploads union all select id, storage_name from temporary_uploads';
  if (!env.DATABASE_URL) {
    const db = new Database(path.join(dataDir, 'summit.sqlite'), { readonly: true });
    try {
      return db.prepare(query).all() as { id: string; storage_name: string }[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL, options: `-c search_path=${env.DATABASE_SCHEMA}` });
  await client.connect();
  try {
    return (await client.query<{ id: string; storage_name: string }>(query)).rows;
  } finally {
    await client.end();
  }
}

/** Files in the store without an upload row, and rows whose file is missing. */
async function orphanFiles(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ files: number; orphans: string[]; rowsWithoutFile: string[] }> {
  const dir = path.join(dataDir, 'uploads');
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const rows = await storedNames(dataDir, env);
  const stored = new Set(rows.map((row) => row.storage_name));
  return {
    files: names.length,
    orphans: names.filter((name) => !stored.has(name)),
    rowsWithoutFile: rows.filter((row) => !names.includes(row.storage_name)).map((row) => row.id),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('SIGKILL during concurrent writes (real server process)', (kind) => {
  let database: IsolatedDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    // the server's own data folder (uploads, secrets); the database env names PostgreSQL's schema
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-kill-'));
    env = {
      ...(database.env.DATABASE_URL ? { DATABASE_URL: database.env.DATABASE_URL, DATABASE_SCHEMA: database.env.DATABASE_SCHEMA! } : {}),
    };
    server = new ServerProcess(dataDir, await freePort(), env);
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.dispose();
  });

  it(`loses no acknowledged write over ${KILLS} kills, keeps the database intact and leaves no orphan file`, async () => {
    const started = Date.now();
    const rng = rngFor(SEED, 'sigkill');
    const photo = await portrait();
    const card = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 230, g: 236, b: 240 } } })
      .png()
      .toBuffer();

    await server.start();
    const base = server.baseUrl;
    const organiser = await signIn(base, ORGANISER);
    // guests can be added whatever day the suite runs
    const current = (await (
      await fetch(`${base}/exhibition/admin/edition/current`, { headers: { authorization: `Bearer ${organiser}` } })
    ).json()) as { data: Record<string, unknown> };
    const { id: _id, year: _year, name: _name, ...settings } = current.data;
    const opened = await fetch(`${base}/exhibition/admin/edition/current`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${organiser}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...settings,
        registrationStart: '2000-01-01',
        registrationEnd: '2999-12-31',
        guestRegistrationEnabled: true,
        signUpClosed: false,
        inviteCodeRequired: false,
      }),
    });
    expect(opened.status).toBe(200);

    const routes = routesOf((await (await fetch(`${base}/exhibition/openapi.json`)).json()) as OpenApiDocument);
    const unitRoute = routes.find((route) => route.key === 'PUT /exhibition/qms/unit/mine');
    if (!unitRoute) throw new Error('no unit route');
    const writers: Writer[] = [];
    for (const account of UNIT_ACCOUNTS) {
      const token = await signIn(base, account);
      const mine = (await (await fetch(`${base}/exhibition/qms/unit/mine`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { unitType?: string; document?: { unitType?: string } };
      };
      const unitType = mine.data.document?.unitType ?? mine.data.unitType;
      const unitBody = validBody(unitRoute, rng, (name) => (name === 'unitType' ? unitType : undefined)) as Record<string, unknown>;
      writers.push({ account, token, unitBody });
    }

    const ledger = emptyLedger();
    const counter = { next: 0 };
    const killedAfter: number[] = [];
    const photoWarmUps: number[] = [];
    const photos = new Map(writers.map((writer) => [writer.account, [] as string[]]));
    for (let cycle = 0; cycle < KILLS; cycle += 1) {
      if (cycle > 0) await server.start();
      // the first photo of a start waits for the face detector's model: not a kill target
      const warmUp = Date.now();
      const warmPhoto = await uploadFile(base, writers[cycle % writers.length]!, ledger, 'photo', photo, 'portrait.jpg', 'image/jpeg');
      if (warmPhoto) photos.get(writers[cycle % writers.length]!.account)!.push(warmPhoto);
      photoWarmUps.push(Date.now() - warmUp);
      const running = writers.flatMap((writer) => [
        unitSaves(base, writer, ledger, counter),
        guestCreations(base, writer, ledger, rng, photo, photos.get(writer.account)!),
        cardUploads(base, writer, ledger, card),
      ]);
      const wait = rng.int(2000, 5000);
      await sleep(wait);
      await server.kill('SIGKILL');
      killedAfter.push(wait);
      await Promise.all(running);
    }

    // the crash left the file as it was: SQLite's own check, before anything else opens it
    let integrity = 'ok';
    let foreignKeys: unknown[] = [];
    if (kind === 'sqlite') {
      const file = new Database(path.join(dataDir, 'summit.sqlite'));
      integrity = String(file.pragma('integrity_check', { simple: true }));
      foreignKeys = file.pragma('foreign_key_check') as unknown[];
      file.close();
    }

    // what the crashes left, restarted at once: the leftovers are seconds old, and the sweep
    // must take them all the same (no age threshold; only a live writer's journal spares a file)
    const leftovers = await orphanFiles(dataDir, env);

    await server.start();
    const lostGuests: string[] = [];
    for (const guest of ledger.guests) {
      const token = writers.find((w) => w.account === guest.account)!.token;
      const response = await fetch(`${base}/exhibition/qms/guest/${guest.id}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data?: { document?: { nameZh?: string } } };
      if (response.status !== 200 || body.data?.document?.nameZh !== guest.nameZh) lostGuests.push(`${guest.id} (${response.status})`);
    }
    const lostUploads: string[] = [];
    for (const upload of ledger.uploads) {
      const token = writers.find((w) => w.account === upload.account)!.token;
      const response = await fetch(`${base}/exhibition/qms/file/${upload.id}`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200 || bytes !== upload.bytes) lostUploads.push(`${upload.id} (${response.status}, ${bytes} bytes)`);
    }
    const lostUnitSaves: string[] = [];
    for (const writer of writers) {
      const response = await fetch(`${base}/exhibition/qms/unit/mine`, { headers: { authorization: `Bearer ${writer.token}` } });
      const body = (await response.json()) as { data: { document?: { orgNameZh?: string } } };
      const seq = Number(/可靠性单位(\d+)/.exec(body.data.document?.orgNameZh ?? '')?.[1] ?? 0);
      const acked = ledger.unitAcked.get(writer.account) ?? 0;
      // the last acknowledged save, or a later one that was in flight at the kill
      if (seq < acked || seq > (ledger.unitSent.get(writer.account) ?? 0))
        lostUnitSaves.push(`${writer.account}: stored ${seq}, acknowledged ${acked}`);
    }

    // the restart swept the store before it listened
    const store = await orphanFiles(dataDir, env);
    await server.kill('SIGTERM');

    console.log(
      [
        `SIGKILL [${kind}]: seed ${SEED}, ${KILLS} kills after ${killedAfter.join('/')} ms of writes, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  server starts ${server.starts.join('/')} ms, first photo after a start ${photoWarmUps.join('/')} ms`,
        `  writes sent ${ledger.sent}, acknowledged ${ledger.acked}, refused ${JSON.stringify(ledger.refused)}, in flight at a kill ${ledger.inFlight}`,
        `  acknowledged: ${ledger.guests.length} guests, ${ledger.uploads.length} uploads, unit saves up to ${[...ledger.unitAcked.values()].join('/')}`,
        `  lost: ${lostGuests.length} guests, ${lostUploads.length} uploads, ${lostUnitSaves.length} unit saves`,
        `  integrity_check ${integrity}, foreign_key_check ${foreignKeys.length} rows`,
        `  after the kills: ${leftovers.files} files, ${leftovers.orphans.length} without a row (${leftovers.orphans.filter((n) => n.startsWith('.incoming-')).length} .incoming-*)`,
        `  after the restart's sweep: ${store.files} files, ${store.orphans.length} orphans${store.orphans.length ? ` (${store.orphans.slice(0, 5).join(', ')})` : ''}, ${store.rowsWithoutFile.length} rows without a file`,
      ].join('\n'),
    );
    expect(ledger.guests.length).toBeGreaterThan(0);
    expect(ledger.uploads.length).toBeGreaterThan(0);
    expect(ledger.unitAcked.size).toBe(writers.length);
    expect(lostGuests).toEqual([]);
    expect(lostUploads).toEqual([]);
    expect(lostUnitSaves).toEqual([]);
    expect(integrity).toBe('ok');
    expect(foreignKeys).toEqual([]);
    expect(store.orphans).toEqual([]);
    expect(store.rowsWithoutFile).toEqual([]);
  });
});
