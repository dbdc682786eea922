import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { keyIdOf, parseKey } from '../../src/server/security/data-keys.js';
import { editionKeyIdOf } from '../../src/server/security/edition-keys.js';
import { keyIdOfSealed } from '../../src/server/security/sealed-values.js';
import { resealStores } from '../../src/server/privacy/sealed-stores.js';
import { SEALED_STORES } from '../../src/server/composition.js';
import { rotateKeys } from '../../scripts/keys-rotate.js';
import { retentionPurge } from '../../scripts/retention-purge.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { TEST_ENV } from './helpers/test-env.js';
import type { TestApp } from './helpers/test-app.js';
import { addGuest, caller, detail, ENTERPRISE, memberBody, movableClock, residentId, uploadedFile } from './guests-harness.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';

const NEW_KEY = 'Tm93IHRoZSBuZXcgZGF0YSBrZXkgb2YgMzIgYnl0ZXM=';

/** Issue 18 points 1 and 4: `npm run keys:rotate` and `npm run retention:purge` on both databases. */
describeEachDatabase('key rotation and retention purge', (kind) => {
  let database: IsolatedDatabase;
  let env: Record<string, string>;
  let app: FastifyInstance | null = null;
  const clock = movableClock();
  const quiet = () => undefined;

  async function start(extra: Record<string, string> = {}): Promise<TestApp> {
    await app?.close();
    app = await buildApp(loadConfig({ ...env, ...extra }), { logger: false, clock: clock.clock });
    const t = { app } as TestApp;
    t.call = async (options) => {
      const response = await app!.inject(options);
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    };
    return t;
  }

  /** Every sealed value's key id in the stored documents. */
  async function keyIdsAtRest(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const table of ['guests', 'entourage_members', 'temporary_registrations'] as const) {
      const rows = await app!.db
        .selectFrom(table as 'guests')
        .select('document')
        .execute();
      for (const row of rows) for (const match of row.document.matchAll(/"v1:([A-Za-z0-9_-]{8}):/g)) ids.add(match[1]!);
    }
    return ids;
  }

  let guestId = '';
  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    env = { ...TEST_ENV, ...database.env };
    const t = await start();
    const unit = await caller(t, ENTERPRISE);
    for (let n = 1; n <= 4; n += 1) {
      const guest = await addGuest(unit, t, ENTERPRISE, 800 + n, {
        mobile: `1376000080${n}`,
        ...(n === 1 ? { inviteCode: 'INVITE2025A' } : {}),
      });
      guestId ||= guest.id;
    }
    const member = await unit.post(
      `qms/guest/${guestId}/entourage`,
      memberBody(residentId(810), await uploadedFile(t, ENTERPRISE), { mobile: '13760000810' }),
    );
    expect(member.status).toBe(200);
    expect((await register(t, registrationBody(await uploadedPicture(t), { mobile: '13760000811' }))).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database.dispose();
  });

  it('re-seals every value under the new key, resumably, and the old key is then no longer needed', async () => {
    const oldId = keyIdOf(parseKey(TEST_ENV.DATA_KEY)!);
    const newId = keyIdOf(parseKey(NEW_KEY)!);
    const editionId = (await app!.services.editions.current()).id;
    const keyring = app!.config.dataKeyring;
    // the edition's records are sealed under the edition's own key, not under DATA_KEY
    const editionKey = editionKeyIdOf(keyring, editionId)!;
    expect(editionKey).not.toBe(oldId);
    expect(await keyIdsAtRest()).toEqual(new Set([editionKey]));
    // records stored before edition keys were under DATA_KEY: rotation moves them under their edition's key
    // (a keyring without the edition folder: every edition's key is DATA_KEY, so every row goes back under it)
    await resealStores(app!.db, new DataProtection({ ...keyring, editionKeys: undefined }), SEALED_STORES);
    expect(await keyIdsAtRest()).toEqual(new Set([oldId]));
    const rotated = { DATA_KEY: NEW_KEY, DATA_KEYS_OLD: TEST_ENV.DATA_KEY };
    // a run stopped after its first batch keeps what it did, and leaves the rest readable
    const protection = new DataProtection(loadConfig({ ...env, ...rotated }).dataKeyring);
    await expect(
      resealStores(app!.db, protection, SEALED_STORES, {
        batchSize: 2,
        onBatch: () => {
          throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    expect(await keyIdsAtRest()).toEqual(new Set([oldId, editionKey]));
    // the command finishes the job, and wraps the edition key under the new DATA_KEY
    const lines: string[] = [];
    expect(await rotateKeys(['--batch-size', '2'], { ...env, ...rotated }, (line) => lines.push(line))).toBe(0);
    // the demo guest and the four added ones; the stopped run had done the first batch of 2
    expect(lines.join('\n')).toContain('guests: 3 of 5 rows re-sealed');
    expect(lines.join('\n')).toContain(`1 of 1 edition key files wrapped anew under ${newId}`);
    expect(await keyIdsAtRest()).toEqual(new Set([editionKey]));
    // a second run has nothing left to do
    expect(await rotateKeys([], { ...env, ...rotated }, quiet)).toBe(0);

    // without the old key, every record still opens, and the blind indexes still find duplicates
    const t = await start({ DATA_KEY: NEW_KEY });
    const unit = await caller(t, ENTERPRISE);
    const shown = await detail(unit, guestId);
    // answers are masked (issue 18 point 2): the audited reveal shows the opened values
    expect(shown.document).toMatchObject({ mobile: expect.stringMatching(/^137\*+\d{4}$/), idNumber: expect.stringMatching(/^370202\*+/) });
    const mobile = (await unit.post<{ value: string }>(`qms/guest/${guestId}/reveal`, { field: 'mobile' })).body.data.value;
    expect(mobile).toMatch(/^137600008/);
    const idNumber = (await unit.post<{ value: string }>(`qms/guest/${guestId}/reveal`, { field: 'idNumber' })).body.data.value;
    expect(idNumber).toMatch(/^370202\d{11}[\dX]$/);
    expect(
      (await unit.post<{ value: string }>(`qms/guest/${guestId}/reveal`, { field: 'mobile', memberId: shown.entourage[0]!.id })).body.data
        .value,
    ).toBe('13760000810');
    const again = await unit.post('qms/guest', { ...shown.document, idNumber, mobile, photo: await uploadedFile(t, ENTERPRISE) });
    expect(again.status).toBe(409);
    expect(
      keyIdOfSealed(
        JSON.parse((await t.app.db.selectFrom('guests').select('document').where('id', '=', guestId).executeTakeFirstOrThrow()).document)
          .idNumber,
      ),
    ).toBe(editionKey);
  });

  it('purges an edition only after its retention period (or forced), erasing values and files, audited', async () => {
    const t = await start({ DATA_KEY: NEW_KEY });
    const edition = await t.app.services.editions.current();
    const photo = (await detail(await caller(t, ENTERPRISE), guestId)).document.photo as string;
    const storageName = 'P'.repeat(43);
    await t.app.db
      .withTables<{ uploads: { id: string; storage_name: string } }>()
      .updateTable('uploads')
      .set({ storage_name: storageName })
      .where('id', '=', photo)
      .execute();
    const photoFile = path.join(t.app.config.uploadDir, storageName);
    fs.mkdirSync(path.dirname(photoFile), { recursive: true });
    fs.writeFileSync(photoFile, 'jpeg bytes');
    await t.app.close();
    app = null;

    const lines: string[] = [];
    const purgeEnv = { ...env, DATA_KEY: NEW_KEY, RETENTION_DAYS: '30' };
    // the conference ends 2027-06-20 (config/edition.json): not before 2027-07-20, whatever today is
    expect(await retentionPurge(['--edition', edition.id], purgeEnv, (line) => lines.push(line))).toBe(
      Date.now() < Date.parse('2027-07-20') ? 1 : 0,
    );
    expect(await retentionPurge(['--edition', 'no-such-edition'], purgeEnv, quiet)).toBe(2);
    expect(await retentionPurge(['--edition', edition.id, '--force'], purgeEnv, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toMatch(/guests: 5 rows erased/);
    // the edition's key is gone: copies of its values made before the purge open no more
    expect(lines.join('\n')).toMatch(/edition key \S+ destroyed/);
    expect(fs.readdirSync(path.join(env.DATA_DIR!, 'edition-keys')).sort()).toEqual([`${edition.id}.shredded`]);

    const after = await start({ DATA_KEY: NEW_KEY });
    const guests = await after.app.db
      .selectFrom('guests')
      .select(['document', 'id_number_hash', 'mobile_index', 'id_number_masked'])
      .where('edition_id', '=', edition.id)
      .where('unit_id', 'is not', null)
      .execute();
    for (const guest of guests) {
      expect(JSON.parse(guest.document)).not.toHaveProperty('idNumber');
      expect(JSON.parse(guest.document)).not.toHaveProperty('mobile');
      expect(guest).toMatchObject({ id_number_hash: null, mobile_index: null, id_number_masked: null });
    }
    const members = await after.app.db.selectFrom('entourage_members').select('document').execute();
    expect(
      members
        .map((m) => JSON.parse(m.document) as Record<string, unknown>)
        .every((d) => d.idNumber === undefined && d.mobile === undefined),
    ).toBe(true);
    expect(fs.existsSync(photoFile)).toBe(false);
    const audit = await after.app.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('action', '=', 'edition.retention-purge')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toContain('forced');
    // the guest list still shows the edition's guests, without their numbers
    const list = await (await caller(after, ENTERPRISE)).get<{ records: { idNumberMasked: string }[] }>('qms/guest/page?pageSize=50');
    expect(list.status).toBe(200);
    expect(list.body.data.records.length).toBeGreaterThan(0);
  });
});
