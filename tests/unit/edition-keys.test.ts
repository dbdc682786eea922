import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { keyIdOf, loadDataKeyring, type DataKeyring } from '../../src/server/security/data-keys.js';
import { destroyEditionKey, editionKeyFor, rewrapEditionKeys } from '../../src/server/security/edition-keys.js';
import { missingKeys } from '../../src/server/security/key-presence.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { keyIdOfSealed, open, SealedValueError } from '../../src/server/security/sealed-values.js';

const DATA_KEY = randomBytes(32).toString('base64');
const DATA_INDEX_KEY = randomBytes(32).toString('base64');
const folders: string[] = [];

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edition-keys-'));
  folders.push(dir);
  return dir;
}

/** What each instance of a cluster does at start: its own DATA_DIR, the shared EDITION_KEYS_DIR. */
function instance(shared: string, env: Record<string, string> = {}): DataKeyring {
  const problems: string[] = [];
  const keyring = loadDataKeyring({
    env: { DATA_KEY, DATA_INDEX_KEY, EDITION_KEYS_DIR: shared, ...env },
    dataDir: dataDir(),
    production: false,
    shared: true,
    problems,
  });
  expect(problems).toEqual([]);
  return keyring;
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('per-edition data keys', () => {
  it('seals an edition under its own key, kept wrapped under DATA_KEY in a file, and shared by every instance', () => {
    const shared = dataDir();
    const one = new DataProtection(instance(shared));
    const two = new DataProtection(instance(shared));
    const sealed = one.seal('13760000001', 'edition-a');
    const editionKey = keyIdOfSealed(sealed)!;
    expect(editionKey).not.toBe(keyIdOf(Buffer.from(DATA_KEY, 'base64')));
    // the second instance started before the key existed: it finds it in the shared folder
    expect(two.open(sealed)).toBe('13760000001');
    // both seal the edition under the same key
    expect(keyIdOfSealed(two.seal('x', 'edition-a'))).toBe(editionKey);
    // the file holds the key wrapped, never the key itself
    const file = fs.readFileSync(path.join(shared, 'edition-a.key'), 'utf8');
    expect(keyIdOfSealed(file.trim())).toBe(keyIdOf(Buffer.from(DATA_KEY, 'base64')));
    // without an edition: DATA_KEY, as before
    expect(keyIdOfSealed(one.seal('x'))).toBe(keyIdOf(Buffer.from(DATA_KEY, 'base64')));
  });

  it('with REDIS_URL, refuses to start without EDITION_KEYS_DIR (each instance would make its own keys)', () => {
    const problems: string[] = [];
    loadDataKeyring({ env: { DATA_KEY, DATA_INDEX_KEY }, dataDir: dataDir(), production: false, shared: true, problems });
    expect(problems.join('\n')).toMatch(/EDITION_KEYS_DIR must be set/);
  });

  it('two instances making the key of a new edition at once end up with one key', () => {
    const shared = dataDir();
    const rings = Array.from({ length: 4 }, () => instance(shared));
    const ids = new Set(rings.map((ring) => editionKeyFor(ring, 'edition-b').id));
    expect(ids.size).toBe(1);
    expect(fs.readdirSync(shared)).toEqual(['edition-b.key']);
  });

  it('destroyed, the key opens nothing anywhere, a value under it does not stop a start, and the edition gets a fresh key', async () => {
    const shared = dataDir();
    const keyring = instance(shared);
    const other = instance(shared);
    const protection = new DataProtection(keyring);
    const sealed = protection.seal('370202198001010012', 'edition-c');
    expect(new DataProtection(other).open(sealed)).toBe('370202198001010012');
    const destroyed = destroyEditionKey(keyring, 'edition-c');
    expect(destroyed).toBe(keyIdOfSealed(sealed));
    expect(fs.existsSync(path.join(shared, 'edition-c.key'))).toBe(false);
    expect(() => open(keyring, sealed)).toThrow(SealedValueError);
    // a later start (or an attacker with the folder and DATA_KEY) has no key that opens it
    expect(() => open(instance(shared), sealed)).toThrow(SealedValueError);
    // the other running instance seals no new value under the destroyed key
    expect(keyIdOfSealed(new DataProtection(other).seal('y', 'edition-c'))).not.toBe(destroyed);
    // the start-up check counts a value left under it as erased, not missing; an unknown key still refuses
    const db = new Kysely<Record<string, { id: string; v: string }>>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table t (id text primary key, v text)`.execute(db);
    await db.insertInto('t').values({ id: '1', v: sealed }).execute();
    expect(await missingKeys(db, instance(shared), [{ table: 't', column: 'v' }])).toBeNull();
    await db
      .insertInto('t')
      .values({ id: '2', v: `v1:unknownK${sealed.slice(11)}` })
      .execute();
    expect(await missingKeys(db, instance(shared), [{ table: 't', column: 'v' }])).toMatch(/unknownK/);
    await db.destroy();
  });

  it('keys:rotate wraps the edition keys anew under the new DATA_KEY; the old key is then not needed', () => {
    const shared = dataDir();
    const sealed = new DataProtection(instance(shared)).seal('13760000002', 'edition-d');
    const NEW = randomBytes(32).toString('base64');
    const rotating = instance(shared, { DATA_KEY: NEW, DATA_KEYS_OLD: DATA_KEY });
    expect(rewrapEditionKeys(rotating)).toEqual({ rewrapped: 1, files: 1 });
    const after = instance(shared, { DATA_KEY: NEW });
    expect(new DataProtection(after).open(sealed)).toBe('13760000002');
  });

  it('an edition key file that DATA_KEY does not unwrap stops the start, naming it', () => {
    const shared = dataDir();
    new DataProtection(instance(shared)).seal('x', 'edition-e');
    const problems: string[] = [];
    loadDataKeyring({
      env: { DATA_KEY: randomBytes(32).toString('base64'), DATA_INDEX_KEY, EDITION_KEYS_DIR: shared },
      dataDir: dataDir(),
      production: false,
      shared: false,
      problems,
    });
    expect(problems.join('\n')).toMatch(/edition-e\.key is wrapped under data key/);
  });
});
