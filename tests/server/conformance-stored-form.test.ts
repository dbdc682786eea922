/**
 * `npm run conformance -- --form good-wishes@N`: the cases written for a form version an organiser
 * published in the console run against that version as the database stores it, compiled as the
 * server compiles it (the module is the one the server serves: same sha256). A case the stored
 * version contradicts fails; a version the database does not have, or one no case names, is
 * malformed; the seeded version passes every shipped case of the build's.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runConformance } from '../conformance/lib/run-conformance.js';
import { projectRoot } from '../../codegen/pipeline.js';
import {
  formVersionsApiPaths as paths,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ORGANISER } from './guests-harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are edited by hand here
type Json = Record<string, any>;

const WISH = { wishMessage: '祝峰会圆满成功！' };

describeEachDatabase('conformance --form: a stored form version', (kind) => {
  const t = useTestApp(kind);
  let dir: string;
  let published: FormPublished;
  let seeded = 0;
  const env = () => ({
    DATA_DIR: t.app.config.dataDir,
    DATABASE_URL: t.app.config.databaseUrl ?? undefined,
    DATABASE_SCHEMA: t.app.config.databaseSchema ?? undefined,
  });
  const run = async (files: string[], forms: { name: 'good-wishes'; version: number }[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runConformance(files, { out: (line) => out.push(line), err: (line) => err.push(line) }, { forms, env: env() });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const caseFile = (name: string, cases: unknown[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(cases));
    return file;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-form-'));
    const organiser = await caller(t, ORGANISER);
    const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((form) => form.name === 'good-wishes')!.live!;
    seeded = live.version;
    const detail = (await organiser.get<FormVersionDetail>(paths.formVersion('good-wishes', live.version))).body.data;
    const document = structuredClone(detail.document);
    (document.schema.properties as Json).slogan = { type: 'string', maxLength: 20, 'x-i18n': 'schema.fields.slogan' };
    document.schema.required = [...((document.schema.required as string[] | undefined) ?? []), 'slogan'];
    document.labels['zh-CN']['schema.fields.slogan'] = '口号';
    document.labels.en['schema.fields.slogan'] = 'Slogan';
    expect((await organiser.put(paths.formDraft('good-wishes'), { baseRevision: null, document })).status).toBe(200);
    const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('good-wishes'))).body.data;
    const answer = await organiser.post<FormPublished>(paths.formDraftPublish('good-wishes'), { confirmedAffected: diff.affected });
    expect(answer.status).toBe(200);
    published = answer.body.data;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs the cases of the stored version against the module the server serves for it', async () => {
    const schema = `good-wishes@${published.version}`;
    const file = caseFile('stored.json', [
      { name: 'with a slogan', schema, data: { ...WISH, slogan: '共赢' }, valid: true },
      { name: 'the slogan is required', schema, data: WISH, valid: false, errors: ['/slogan'] },
      { name: 'slogan at 21 characters', schema, data: { ...WISH, slogan: '很'.repeat(21) }, valid: false, errors: ['/slogan'] },
    ]);
    const result = await run([file], [{ name: 'good-wishes', version: published.version }]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const sha = /([0-9a-f]{64})\.js$/.exec(published.validatorUrl)![1]!;
    expect(result.out).toContain(`3 cases against ${schema} (stored in `);
    expect(result.out).toContain(`: published, module ${sha.slice(0, 12)})`);
    expect(result.out).toMatch(/3 passed, 0 failed$/);

    // a case the stored version contradicts fails: the validator is the stored version's, not the build's
    const wrong = caseFile('wrong.json', [{ name: 'no slogan accepted', schema, data: WISH, valid: true }]);
    const failed = await run([wrong], [{ name: 'good-wishes', version: published.version }]);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain(`FAIL ${wrong} #0 (no slogan accepted): schema "${schema}" found the data invalid`);
  });

  it('passes every shipped case of the seeded version compiled from its row', async () => {
    const shipped = path.join(projectRoot, 'tests/conformance/cases/good-wishes.json');
    const result = await run([shipped], [{ name: 'good-wishes', version: seeded }]);
    expect(result.err).toBe('');
    expect(result.out).toMatch(new RegExp(`cases against good-wishes@${seeded} \\(stored in .*: retired, module [0-9a-f]{12}\\)`));
    expect(result.code).toBe(0);
  });

  it('says what is wrong with a version the database lacks or no case names (exit 2, nothing run)', async () => {
    const file = caseFile('other.json', [{ schema: `good-wishes@${seeded}`, data: WISH, valid: true }]);
    const missing = await run([file], [{ name: 'good-wishes', version: 99 }]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`MALFORMED --form good-wishes@99: `);
    expect(missing.err).toMatch(new RegExp(`has no version 99 of good-wishes \\(it has ${seeded}, ${published.version}\\)`));
    const unnamed = await run([file], [{ name: 'good-wishes', version: published.version }]);
    expect(unnamed.code).toBe(2);
    expect(unnamed.err).toContain(`MALFORMED --form good-wishes@${published.version}: no case names "good-wishes@${published.version}"`);
    expect(unnamed.out).toBe('');
  });

  it('is the npm script: --form and the database from the environment', async () => {
    const file = caseFile('cli.json', [{ schema: `good-wishes@${published.version}`, data: WISH, valid: false, errors: ['/slogan'] }]);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'tests/conformance/run.ts', '--form', `good-wishes@${published.version}`, file],
      { cwd: projectRoot, env: { ...process.env, ...env(), DATABASE_URL: env().DATABASE_URL ?? '' } },
    );
    expect(stdout).toContain(`1 case against good-wishes@${published.version} (stored in `);
    expect(stdout).toMatch(/1 passed, 0 failed\n$/);
    const bad = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/conformance/run.ts', '--form', 'guest'], {
      cwd: projectRoot,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('MALFORMED --form "guest": write the form and its version as NAME@VERSION'),
    });
  }, 120_000);
});
