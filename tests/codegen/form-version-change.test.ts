/**
 * A form-version change, end to end and without a single TS edit: on a temp copy of
 * schemas/, guest.json drops a field (rank), tightens a limit (nameEn to 10 characters) and adds
 * a required field (passportName). Codegen refuses it until x-version is bumped, then records
 * version 3 next to version 2. `npm run form-version:diff` (the real script, pointed at the temp
 * generated folder) then lists the stored guest records, on SQLite and PostgreSQL, that the new
 * version would change or reject, and why.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../../codegen/output.js';
import { generateAll, projectRoot, SchemaLintError } from '../../codegen/pipeline.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { dataProtectionFromEnv } from '../../scripts/data-protection-env.js';
import { describeEachDatabase, isolatedDatabase, migratingUnderStartupLock, type IsolatedDatabase } from '../server/helpers/databases.js';
import { guestBody } from '../server/helpers/guest-body.js';
import { residentId } from '../server/guests-harness.js';
import { editJson, tempWorkspace } from './helpers.js';

type Props = Record<string, unknown>;

const workspace = tempWorkspace();
const guestSchema = path.join(workspace.options.schemasDir, 'guest.json');
/** the guest's published version now (P) and the one this change publishes (P + 1) */
const P = Number((JSON.parse(fs.readFileSync(guestSchema, 'utf8')) as Record<string, unknown>)['x-version']);
const NEXT = P + 1;

function changeGuestSchema(schema: Record<string, unknown>): void {
  const properties = schema.properties as Props;
  delete properties.rank;
  properties.nameEn = { type: 'string', maxLength: 10, 'x-i18n': 'schema.fields.nameEn' };
  properties.passportName = { type: 'string', maxLength: 50, 'x-i18n': 'schema.fields.nameEn' };
  schema.required = [...(schema.required as string[]), 'passportName'];
}

let refusal: string[] = [];

beforeAll(async () => {
  writeFiles(await generateAll(workspace.options), workspace.options.outDir); // publishes guest vP
  editJson(guestSchema, changeGuestSchema);
  // the organiser's other files: the UI schema no longer orders the dropped field, the demo guest
  // gets the new required text (codegen names both when they are forgotten)
  editJson(path.join(workspace.options.uiSchemasDir, 'guest.json'), (ui) => {
    ui['ui:order'] = (ui['ui:order'] as string[]).filter((name) => name !== 'rank');
  });
  editJson(workspace.options.demoDataFile, (demo) => {
    for (const account of demo.accounts as Record<string, Record<string, unknown>>[])
      if (account.guest) account.guest.passportName = 'Zhou Jiabin';
  });
  try {
    await generateAll(workspace.options);
  } catch (error) {
    if (!(error instanceof SchemaLintError)) throw error;
    refusal = error.problems;
  }
  editJson(guestSchema, (schema) => {
    schema['x-version'] = NEXT;
  });
  writeFiles(await generateAll(workspace.options), workspace.options.outDir);
}, 120_000);
afterAll(() => workspace.cleanup());

describe('form-version change: codegen', () => {
  it('refuses the change before the x-version bump', () => {
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(
      new RegExp(`^schemas/guest\\.json#/x-version: the shape changed since published version ${P} .*Bump x-version to ${NEXT}`, 's'),
    );
  });

  it('keeps version P loadable and records version P + 1', () => {
    const versions = path.join(workspace.options.outDir, 'versions', 'guest');
    expect(fs.readdirSync(versions).sort()).toEqual([`${P}.json`, `${NEXT}.json`]);
    const v2 = JSON.parse(fs.readFileSync(path.join(versions, `${P}.json`), 'utf8')) as { properties: Props };
    expect(v2.properties.rank).toBeDefined();
    const v3 = JSON.parse(fs.readFileSync(path.join(versions, `${NEXT}.json`), 'utf8')) as { properties: Props; required: string[] };
    expect(v3.properties.rank).toBeUndefined();
    expect(v3.required).toContain('passportName');
  });
});

describeEachDatabase('form-version change: form-version:diff lists the affected stored records', (kind) => {
  let database: IsolatedDatabase;
  const ids = { oldWithRank: randomUUID(), oldPlain: randomUUID(), alreadyNew: randomUUID() };
  let result: { status: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const { db } = openDatabase({
      databaseUrl: database.env.DATABASE_URL ?? null,
      databaseSchema: database.env.DATABASE_SCHEMA ?? null,
      dataDir: database.env.DATA_DIR as string,
    });
    await migratingUnderStartupLock(db, () =>
      migrateToLatest(db, database.env.DATABASE_SCHEMA ?? null, dataProtectionFromEnv(database.env)),
    );
    const editionId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('editions')
      .values({ id: editionId, year: 2027, name: 'Summit 2027', is_current: 1, created_at: now, settings: null })
      .execute();
    const guest = (id: string, document: Props, version: number) => ({
      id,
      edition_id: editionId,
      account_id: null,
      unit_id: null,
      name: String(document.nameZh),
      mobile_index: null,
      email: null,
      audit_status: 'pending',
      invitation_code: null,
      document: JSON.stringify(document),
      schema_version: version,
      created_at: now,
    });
    await db
      .insertInto('guests')
      .values([
        guest(ids.oldWithRank, guestBody(residentId(1), 'photo-1', { nameEn: 'Zhang Sanfeng Junior', rank: '一级' }), P),
        guest(ids.oldPlain, guestBody(residentId(2), 'photo-2', { nameEn: 'Li Si' }), P),
        guest(ids.alreadyNew, guestBody(residentId(3), 'photo-3', { nameEn: 'Wang Wu', passportName: 'WANG WU' }), NEXT),
      ])
      .execute();
    await db.destroy();
    const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
    const script = path.join(projectRoot, 'scripts', 'form-version-diff.ts');
    const spawned = spawnSync(tsx, [script, '--generated', workspace.options.outDir], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, ...database.env, DATABASE_URL: database.env.DATABASE_URL ?? '' },
    });
    result = { status: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr };
  }, 120_000);
  afterAll(async () => database.dispose());

  function block(id: string): string {
    const lines = result.stdout.split('\n');
    const start = lines.findIndex((line) => line.includes(id));
    if (start < 0) return '';
    const end = lines.findIndex((line, i) => i > start && !line.startsWith('  '));
    return lines.slice(start, end < 0 ? undefined : end).join('\n');
  }

  it('lists each affected record with what the new version drops and rejects', () => {
    expect(result.stderr).toBe('');
    expect(block(ids.oldWithRank)).toContain(`guest ${ids.oldWithRank} (guest v${P} -> v${NEXT}):`);
    expect(block(ids.oldWithRank)).toContain('dropped /rank (was "一级")');
    expect(block(ids.oldWithRank)).toMatch(/rejects \/nameEn: validation\.maxLength .*"limit":10/);
    expect(block(ids.oldWithRank)).toMatch(/rejects \/passportName: validation\.required/);
    expect(block(ids.oldPlain)).toMatch(/rejects \/passportName: validation\.required/);
    expect(block(ids.oldPlain)).not.toContain('/nameEn');
    expect(block(ids.oldPlain)).not.toContain('dropped');
  });

  it('leaves out records the new version accepts, and says how many need changes (exit 1)', () => {
    expect(result.stdout).not.toContain(ids.alreadyNew);
    expect(result.stdout).toMatch(/^2 of 3 stored records need changes under the new version$/m);
    expect(result.status).toBe(1);
  });
});
