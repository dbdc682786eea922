/**
 * `npm run form-version:diff -- --sqlite FILE` (the documented form) on a copy of a server's data
 * folder: sealed personal data is opened with the keys the server keeps there, as the server reads
 * them, without DATA_KEY in the environment; where no key can be found, one line names the
 * variable to set; nothing is written. `--json` labels every problem, a field whose reference is
 * wrapped in allOf (a rule added to a shared definition) included.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../../codegen/output.js';
import { generateAll, projectRoot } from '../../codegen/pipeline.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { dataProtectionFromEnv } from '../../scripts/data-protection-env.js';
import { isSealed } from '../../src/server/security/sealed-values.js';
import { guestBody } from '../server/helpers/guest-body.js';
import { residentId } from '../server/guests-harness.js';
import { editJson, tempWorkspace } from './helpers.js';

type Json = Record<string, unknown>;

const workspace = tempWorkspace();
const guestSchema = path.join(workspace.options.schemasDir, 'guest.json');
const serverDir = path.join(workspace.dir, 'server-data');
const elsewhere = path.join(workspace.dir, 'elsewhere');
const guestId = randomUUID();

/** the environment of an organiser's shell: no key, no DATA_DIR, no database URL */
function shellEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(DATA_|DATABASE_)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

function diff(args: string[], env: Record<string, string> = shellEnv()): { status: number | null; stdout: string; stderr: string } {
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const script = path.join(projectRoot, 'scripts', 'form-version-diff.ts');
  // run from a folder with no data/ of its own: a key made there would open nothing
  const result = spawnSync(tsx, [script, '--generated', workspace.options.outDir, ...args], { cwd: elsewhere, encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  fs.mkdirSync(elsewhere, { recursive: true });
  // the edition change: position keeps its shared definition (and label) and gets a tighter limit
  writeFiles(await generateAll(workspace.options), workspace.options.outDir);
  editJson(guestSchema, (schema) => {
    (schema.properties as Json).position = { allOf: [{ $ref: 'definitions.json#/definitions/personPosition' }], maxLength: 10 };
    schema['x-version'] = Number(schema['x-version']) + 1;
  });
  writeFiles(await generateAll(workspace.options), workspace.options.outDir);

  // a server's data folder: the database and the keys the server generated beside it
  const protection = dataProtectionFromEnv({ DATA_DIR: serverDir });
  const { db } = openDatabase({ databaseUrl: null, databaseSchema: null, dataDir: serverDir });
  await migrateToLatest(db, null, protection);
  const editionId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('editions')
    .values({ id: editionId, year: 2027, name: 'Summit 2027', is_current: 1, created_at: now, settings: null })
    .execute();
  const document = protection.sealDocument('guest', guestBody(residentId(1), 'photo-1', { position: 'General manager of the group' }));
  expect(isSealed(document.idNumber)).toBe(true);
  await db
    .insertInto('guests')
    .values({
      id: guestId,
      edition_id: editionId,
      account_id: null,
      unit_id: null,
      name: String(document.nameZh),
      mobile_index: null,
      email: null,
      audit_status: 'pending',
      invitation_code: null,
      document: JSON.stringify(document),
      schema_version: 3,
      created_at: now,
    })
    .execute();
  await db.destroy();
}, 180_000);
afterAll(() => workspace.cleanup());

describe('form-version:diff reads the keys the server reads', () => {
  it('opens sealed records with the key files beside the --sqlite file, without DATA_KEY; --json labels the wrapped field', () => {
    const { status, stdout, stderr } = diff(['--sqlite', path.join(serverDir, 'summit.sqlite'), '--json']);
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const report = JSON.parse(stdout) as { checked: number; affected: { id: string; problems: { pointer: string; label?: string }[] }[] };
    expect(report.checked).toBe(1);
    const [record] = report.affected;
    expect(record?.id).toBe(guestId);
    expect(record?.problems).toContainEqual(
      expect.objectContaining({ pointer: '/position', key: 'validation.maxLength', label: 'schema.fields.position' }),
    );
    for (const problem of record?.problems ?? []) expect(problem.label, problem.pointer).toEqual(expect.any(String));
    // read-only: no key was made in the folder it ran from
    expect(fs.existsSync(path.join(elsewhere, 'data'))).toBe(false);
  }, 120_000);

  it('says in one line which variable is missing when no key can be found, and takes DATA_KEY from the environment', () => {
    const copy = path.join(workspace.dir, 'backup');
    fs.mkdirSync(copy, { recursive: true });
    fs.copyFileSync(path.join(serverDir, 'summit.sqlite'), path.join(copy, 'summit.sqlite'));
    const missing = diff(['--sqlite', path.join(copy, 'summit.sqlite')]);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim().split('\n')).toEqual([
      `form-version:diff: a stored guest record holds sealed personal data, and DATA_KEY is not set and ${path.join(copy, '.data_key')} does not exist: set DATA_KEY to the server's key, or DATA_DIR to the server's data folder`,
    ]);
    // no key file was made beside the copy (SQLite's own -wal/-shm files may appear)
    expect(fs.readdirSync(copy).filter((file) => file.startsWith('.'))).toEqual([]);

    const key = fs.readFileSync(path.join(serverDir, '.data_key'), 'utf8').trim();
    const withKey = diff(['--sqlite', path.join(copy, 'summit.sqlite')], shellEnv({ DATA_KEY: key }));
    expect(withKey.stderr).toBe('');
    expect(withKey.stdout).toMatch(/rejects \/position: validation\.maxLength/);
    expect(withKey.status).toBe(1);

    const wrongKey = diff(['--sqlite', path.join(copy, 'summit.sqlite')], shellEnv({ DATA_KEY: 'ab'.repeat(32) }));
    expect(wrongKey.status).toBe(2);
    expect(wrongKey.stderr.trim().split('\n')).toEqual([
      'form-version:diff: a stored guest record holds sealed personal data, and the data key from DATA_KEY does not open it: set DATA_KEY (and DATA_KEYS_OLD) to the keys of the server that stored it',
    ]);
  }, 120_000);

  it('says where the keys come from in its usage text', () => {
    const help = diff(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run form-version:diff/);
    expect(help.stdout).toContain('DATA_KEY');
    expect(help.stdout).toContain('the folder of --sqlite FILE when DATA_DIR is not set');
    const wrong = diff(['--sqlit', 'x']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^form-version:diff: unknown argument --sqlit\nusage: npm run form-version:diff/);
  }, 60_000);
});
