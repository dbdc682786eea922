/**
 * Issue 28: "every instance switches within 5 seconds (Redis publish when REDIS_URL is set, a
 * version check otherwise)". Three instances on one PostgreSQL database behind nginx: A and B
 * share Redis, C has no REDIS_URL (it sees publishes only by its version check, as a lost Redis
 * message would leave any instance). An organiser publishes through the console API on A a
 * good-wishes version with a new required field; B must refuse a save lacking it (400 naming the
 * field) within 5 s, and does so through the Redis announcement, well under the 2 s check; C
 * within 5 s by the check alone. A rollback on A switches both back the same ways. On B and C the
 * OpenAPI document then names the field and the wishes workbook has it as a column.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type PortalInstance } from '../../scripts/cluster/cluster-runner.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';
import {
  formVersionsApiPaths as paths,
  type FormPublishCountChanged,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type FormVersionEntry,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import { wishApiPaths } from '../../src/shared/wish-api.js';
import { CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL, missingPrerequisites } from './prerequisites.js';

const missing = await missingPrerequisites();
const inCi = process.env.CI === 'true';
if (missing.length > 0 && !inCi) console.warn(`form-switch cluster test SKIPPED, missing: ${missing.join('; ')}`);

const PASSWORD = 'Summit#2025';
const SWITCH_BOUND_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are walked by hand here
type Json = Record<string, any>;

interface Answer<T> {
  status: number;
  body: { code?: number; data: T; msg?: string; fieldErrors?: { pointer: string }[] };
  token: string;
}

async function call<T = unknown>(
  base: string,
  url: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/exhibition/${url}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Answer<T>['body'], token: sessionTokenFrom(response.headers.getSetCookie()) };
}

async function signIn(base: string, account: string): Promise<string> {
  const answer = await call(base, 'center/user/front/login', {
    method: 'POST',
    json: { account, password: PASSWORD, code: 'AAAA', uuid: 'no-captcha' },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(answer.body)}`);
  return answer.token;
}

const WISH = { wishMessage: '祝大会圆满成功' };

/** Whether the instance's save of a message of good wishes without `slogan` is refused with 400 on /slogan (else it must succeed). */
async function refusesWithoutSlogan(instance: PortalInstance, token: string): Promise<boolean> {
  const answer = await call(instance.baseUrl, wishApiPaths.myWish, { method: 'PUT', token, json: WISH });
  if (answer.status === 200) return false;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.fieldErrors?.map((f) => f.pointer)).toContain('/slogan');
  return true;
}

/** Saves on `instance` every 50 ms until its answer is `wanted`; the milliseconds since `from`. */
async function timeUntil(instance: PortalInstance, token: string, wanted: boolean, from: number): Promise<number> {
  const deadline = from + 15_000;
  while (Date.now() < deadline) {
    if ((await refusesWithoutSlogan(instance, token)) === wanted) return Date.now() - from;
    await sleep(50);
  }
  throw new Error(`${instance.name} did not switch within 15 s`);
}

(missing.length === 0 || inCi ? describe : describe.skip)('a form published on one instance, on the others [postgres, redis]', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-form-switch-'));
  const schema = `forms_${randomBytes(5).toString('hex')}`;
  const prefix = `test:${schema}:`;
  let cluster: Cluster;
  let listener: Redis;
  /** what the instances announced, and when the test heard it */
  const heard: { message: string; at: number }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cluster = await startCluster({
      instances: 3,
      workDir,
      databaseUrl: CLUSTER_DATABASE_URL,
      databaseSchema: schema,
      redisUrl: CLUSTER_REDIS_URL,
      port: 0,
      env: {
        SCRYPT_LOG2N: '12',
        CAPTCHA_REQUIRED: 'false',
        RATE_LIMITS: 'false',
        REDIS_KEY_PREFIX: prefix,
        SHUTDOWN_DRAIN_MS: '0',
      },
      // the third instance has no Redis: the version check alone
      instanceEnv: (index): Record<string, string> => (index === 2 ? { REDIS_URL: '' } : {}),
    });
    // what the instances announce, heard as they hear it
    listener = new Redis(CLUSTER_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await listener.connect();
    listener.on('message', (_channel: string, message: string) => heard.push({ message, at: Date.now() }));
    await listener.subscribe(`${prefix}forms:published`);
  });

  afterAll(async () => {
    listener?.disconnect();
    await cluster?.stop();
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('switches B within 5 s by the Redis announcement and C by its version check, after a publish and after a rollback', async () => {
    const [a, b, c] = cluster.instances as [PortalInstance, PortalInstance, PortalInstance];
    const organiser = await signIn(a.baseUrl, 'organiser@demo.example.com');
    const unit = await signIn(b.baseUrl, 'enterprise@demo.example.com');
    // the old version everywhere: a message without the slogan is saved
    for (const instance of [a, b, c]) expect(await refusesWithoutSlogan(instance, unit)).toBe(false);

    // the console's steps on A: the live version, a draft with a required field, its count, publish
    const live = (await call<FormSummary[]>(a.baseUrl, paths.formList, { token: organiser })).body.data.find(
      (form) => form.name === 'good-wishes',
    )!.live!;
    const detail = (await call<FormVersionDetail>(a.baseUrl, paths.formVersion('good-wishes', live.version), { token: organiser })).body
      .data;
    const document = structuredClone(detail.document);
    (document.schema.properties as Json).slogan = { type: 'string', maxLength: 20, 'x-i18n': 'schema.fields.slogan' };
    document.schema.required = [...((document.schema.required as string[] | undefined) ?? []), 'slogan'];
    document.labels['zh-CN']['schema.fields.slogan'] = '口号';
    document.labels.en['schema.fields.slogan'] = 'Slogan';
    const draft = await call<FormVersionEntry>(a.baseUrl, paths.formDraft('good-wishes'), {
      method: 'PUT',
      token: organiser,
      json: { baseRevision: null, document },
    });
    expect(draft.status).toBe(200);
    const affected = (await call<StoredRecordsDiff>(a.baseUrl, paths.formDraftStoredRecords('good-wishes'), { token: organiser })).body.data
      .affected;
    expect(affected).toBeGreaterThanOrEqual(1);

    const sentAt = Date.now();
    const switched = Promise.all([timeUntil(b, unit, true, sentAt), timeUntil(c, unit, true, sentAt)]);
    const published = await call<FormPublished>(a.baseUrl, paths.formDraftPublish('good-wishes'), {
      method: 'POST',
      token: organiser,
      json: { confirmedAffected: affected, baseRevision: draft.body.data.revision },
    });
    const answeredAfter = Date.now() - sentAt;
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const version = published.body.data.version;
    const [viaRedis, viaCheck] = await switched;
    const announced = (since: number, v: number) => (heard.find((h) => h.message.includes(`"version":${v}`))?.at ?? Number.NaN) - since;
    console.log(
      `publish v${version}: A answered after ${answeredAfter} ms, announced after ${announced(sentAt, version)} ms; B (Redis) refused after ${viaRedis} ms, C (version check) after ${viaCheck} ms (from the publish request; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    expect(viaRedis).toBeLessThanOrEqual(SWITCH_BOUND_MS);
    expect(viaCheck).toBeLessThanOrEqual(SWITCH_BOUND_MS);
    // A switched before it answered; a message with the slogan is saved everywhere
    expect(await refusesWithoutSlogan(a, unit)).toBe(true);
    for (const instance of [a, b, c])
      expect(
        (await call(instance.baseUrl, wishApiPaths.myWish, { method: 'PUT', token: unit, json: { ...WISH, slogan: '合作共赢' } })).status,
      ).toBe(200);
    expect(heard.map((h) => JSON.parse(h.message) as unknown)).toContainEqual({ form: 'good-wishes', version });
    // what follows the publish on the instances that heard of it: the OpenAPI document names the
    // field, the wishes workbook has it as a column headed by its label (only in the version's row)
    for (const instance of [b, c]) {
      const openApi = (await (await fetch(`${instance.baseUrl}/exhibition/openapi.json`)).json()) as Json;
      const body = openApi.paths[`/exhibition/${wishApiPaths.myWish}`].put.requestBody.content['application/json'].schema;
      expect(body.required, instance.baseUrl).toContain('slogan');
      expect(body.properties.slogan, instance.baseUrl).toMatchObject({ type: 'string', maxLength: 20 });
      const workbook = await fetch(`${instance.baseUrl}/exhibition/admin/console/export/wishes`, {
        headers: { authorization: `Bearer ${organiser}`, 'accept-language': 'en' },
      });
      expect(workbook.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await workbook.arrayBuffer());
      const sheet = book.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).map(String);
      const column = headers.indexOf('Slogan');
      expect(column, `${instance.baseUrl}: ${headers.join(' | ')}`).toBeGreaterThan(0);
      const cells: string[] = [];
      sheet.eachRow((row, number) => number > 1 && cells.push(String(row.getCell(column).value)));
      expect(cells).toContain('合作共赢');
    }

    // a rollback to the version before: the count it needs is told by a 409, as the console does
    const rollback = paths.formRollback('good-wishes', live.version);
    const asked = await call<FormPublishCountChanged>(a.baseUrl, rollback, {
      method: 'POST',
      token: organiser,
      json: { confirmedAffected: -1 },
    });
    expect(asked.status).toBe(409);
    const backAt = Date.now();
    const back = Promise.all([timeUntil(b, unit, false, backAt), timeUntil(c, unit, false, backAt)]);
    const rolled = await call<FormPublished>(a.baseUrl, rollback, {
      method: 'POST',
      token: organiser,
      json: { confirmedAffected: asked.body.data.affected },
    });
    const rolledAfter = Date.now() - backAt;
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const [backViaRedis, backViaCheck] = await back;
    console.log(
      `rollback v${rolled.body.data.version}: A answered after ${rolledAfter} ms, announced after ${announced(backAt, rolled.body.data.version)} ms; B (Redis) accepted again after ${backViaRedis} ms, C (version check) after ${backViaCheck} ms`,
    );
    expect(backViaRedis).toBeLessThanOrEqual(SWITCH_BOUND_MS);
    expect(backViaCheck).toBeLessThanOrEqual(SWITCH_BOUND_MS);
    expect(heard.map((h) => JSON.parse(h.message) as unknown)).toContainEqual({
      form: 'good-wishes',
      version: rolled.body.data.version,
    });
  });
});
