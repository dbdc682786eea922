/**
 * A message to 600 guests, the real server (a child process) delivering through its real SMTP
 * transport (nodemailer) to a receiver in this process, killed with SIGKILL in the middle of the
 * send and started again. Counted at the receiver: nobody gets the message twice; every delivery
 * ends `sent` or, for the few the dead process had handed to SMTP without hearing back,
 * `unconfirmed` (never sent again by itself); none is left waiting.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeEachDatabase, isolatedDatabase } from '../server/helpers/databases.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';
import { freePort } from '../../scripts/support/free-port.js';
import { ServerProcess } from './support/server-process.js';
import { SmtpSink } from './support/smtp-sink.js';

const RECIPIENTS = 600;
const PARALLEL = 4;
const ORGANISER = 'organiser@demo.example.com';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs statements on the server's database from outside it (SQLite file or the PostgreSQL schema). */
async function onDatabase<T>(
  dataDir: string,
  env: Record<string, string>,
  work: (run: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (!env.DATABASE_URL) {
    const db = new Database(path.join(dataDir, 'summit.sqlite'));
    db.pragma('busy_timeout = 10000');
    try {
      return await work(async (sql, params = []) => {
        const statement = db.prepare(sql.replace(/\$\d+/g, '?'));
        return statement.reader ? (statement.all(...params) as Record<string, unknown>[]) : (statement.run(...params), []);
      });
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL, options: `-c search_path=${env.DATABASE_SCHEMA}` });
  await client.connect();
  try {
    return await work(async (sql, params = []) => (await client.query(sql, params)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

async function signIn(base: string, account: string): Promise<string> {
  const response = await fetch(`${base}/exhibition/center/user/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'Summit#2025', code: 'AAAA', uuid: 'no-captcha' }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${await response.text()}`);
  return sessionTokenFrom(response.headers.getSetCookie());
}

describeEachDatabase('a send killed mid-way (SIGKILL) and restarted', (kind) => {
  it(`delivers each of ${RECIPIENTS} messages at most once, and settles every one`, async () => {
    const database = await isolatedDatabase(kind);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-message-crash-'));
    const sink = new SmtpSink(8);
    const smtpPort = await sink.listen();
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MESSAGE_POLL_MS: '50',
      // a dead instance's claims are taken over after this
      MESSAGE_LEASE_MS: '3000',
    };
    const server = new ServerProcess(dataDir, await freePort(), env);
    try {
      await server.start();
      // the guests, written straight into the database (their documents hold no sealed field)
      const ids = await onDatabase(dataDir, env, async (run) => {
        const [edition] = await run(`select id from editions where is_current = 1`);
        const [unit] = await run(`select id from units where edition_id = $1 order by id limit 1`, [edition!.id]);
        const written: string[] = [];
        for (let i = 0; i < RECIPIENTS; i++) {
          const id = randomUUID();
          written.push(id);
          await run(
            `insert into guests (id, edition_id, unit_id, name, email, audit_status, document, schema_version, created_at) values ($1, $2, $3, $4, $5, 'approved', '{}', 1, $6)`,
            [id, edition!.id, unit!.id, `群发${i}`, `crash${i}@example.com`, new Date().toISOString()],
          );
        }
        return written;
      });
      const token = await signIn(server.baseUrl, ORGANISER);
      const sent = await fetch(`${server.baseUrl}/exhibition/admin/console/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          channels: ['email'],
          subjectZh: '通知',
          subjectEn: 'Notice',
          bodyZh: '{name}您好',
          bodyEn: 'Dear {name}',
          guestIds: ids,
        }),
      });
      expect(sent.status).toBe(200);
      const messageId = ((await sent.json()) as { data: { id: string } }).data.id;

      // killed once a part of the send has arrived
      const killAt = Date.now() + 120_000;
      while (sink.received.length < RECIPIENTS / 4 && Date.now() < killAt) await sleep(10);
      expect(sink.received.length).toBeGreaterThan(0);
      await server.kill('SIGKILL');
      const atKill = sink.received.length;
      expect(atKill).toBeLessThan(RECIPIENTS);

      await server.start();
      const settleBy = Date.now() + 240_000;
      let states: Record<string, number> = {};
      while (Date.now() < settleBy) {
        states = await onDatabase(dataDir, env, async (run) => {
          const rows = await run(`select state, count(*) as n from message_recipients where message_id = $1 group by state`, [messageId]);
          return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.n)]));
        });
        if (!states.pending && !states.sending && (states.sent ?? 0) + (states.unconfirmed ?? 0) === RECIPIENTS) break;
        await sleep(250);
      }
      const perRecipient = new Map<string, number>();
      for (const message of sink.received) for (const to of message.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      const twice = [...perRecipient].filter(([, count]) => count > 1);
      console.info(
        `message crash (${kind}): ${atKill} received before the kill, ${sink.received.length} in all; states ${JSON.stringify(states)}; load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      expect(twice).toEqual([]);
      expect(states.pending ?? 0).toBe(0);
      expect(states.sending ?? 0).toBe(0);
      expect(states.failed ?? 0).toBe(0);
      expect((states.sent ?? 0) + (states.unconfirmed ?? 0)).toBe(RECIPIENTS);
      // only what the dead process had handed over without an answer is unconfirmed
      expect(states.unconfirmed ?? 0).toBeLessThanOrEqual(PARALLEL);
      // everything marked sent did arrive
      const sentAddresses = await onDatabase(dataDir, env, async (run) =>
        Number((await run(`select count(*) as n from message_recipients where message_id = $1 and state = 'sent'`, [messageId]))[0]!.n),
      );
      expect(perRecipient.size).toBeGreaterThanOrEqual(sentAddresses);
    } finally {
      await server.kill('SIGKILL');
      await sink.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
