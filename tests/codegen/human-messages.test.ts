/**
 * Codegen speaks to people (issue 16, points 1, 5, 6): each message on a broken copy of the
 * inputs names the file, the JSON pointer and what to do, and the command line prints no stack
 * trace. The real schemas, UI schemas and demo data are never touched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateAll, projectRoot, SchemaLintError } from '../../codegen/pipeline.js';
import { editJson, tempWorkspace } from './helpers.js';

type Props = Record<string, Record<string, unknown>>;

const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');

/** tempWorkspace copies schemas, UI schemas and demo data: each test breaks its own copies */
const workspaceWithCopies = tempWorkspace;

async function problemsOf(options: Parameters<typeof generateAll>[0]): Promise<string[]> {
  const error = await generateAll(options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SchemaLintError);
  return (error as SchemaLintError).problems;
}

let cleanup = (): void => undefined;
afterEach(() => cleanup());

describe('codegen messages on broken schemas', () => {
  it('names an invalid regular expression, an unknown definition and an unknown file by file and pointer', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    editJson(path.join(workspace.options.schemasDir, 'guest.json'), (schema) => {
      const properties = schema.properties as Props;
      properties.nameEn!.pattern = '^[A-Z(';
      properties.rank = { $ref: 'definitions.json#/definitions/noSuchThing' };
      properties.landline = { $ref: 'people.json#/definitions/landline' };
    });
    const problems = await problemsOf(workspace.options);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^schemas\/guest\.json#\/properties\/nameEn\/pattern: invalid regular expression "\^\[A-Z\(" \(.+\)\. Correct the regular expression/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^unknown \$ref "definitions\.json#\/definitions\/noSuchThing" at schemas\/guest\.json#\/properties\/rank: schemas\/definitions\.json has nothing at #\/definitions\/noSuchThing\. Correct the name, or add the definition/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^unknown \$ref "people\.json#\/definitions\/landline" at schemas\/guest\.json#\/properties\/landline: no schema file "people\.json"/,
      ),
    );
  }, 60_000);

  it('refuses validation keywords beside $ref (house rule) and accepts them wrapped in allOf', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    const guest = path.join(workspace.options.schemasDir, 'guest.json');
    editJson(guest, (schema) => {
      (schema.properties as Props).position = {
        $ref: 'definitions.json#/definitions/personPosition',
        maxLength: 20,
        'x-i18n': 'schema.fields.position',
      };
    });
    const problems = await problemsOf(workspace.options);
    const beside = problems.filter((p) => p.includes('beside $ref'));
    expect(beside).toHaveLength(1);
    expect(beside[0]).toMatch(
      /^schemas\/guest\.json#\/properties\/position: "maxLength" beside \$ref: draft-07 ignores keywords beside \$ref.*Wrap the reference: \{"allOf": \[\{"\$ref": "definitions\.json#\/definitions\/personPosition"\}\], "maxLength": \.\.\.\}/,
    );

    editJson(guest, (schema) => {
      (schema.properties as Props).position = {
        allOf: [{ $ref: 'definitions.json#/definitions/personPosition' }],
        maxLength: 20,
        'x-i18n': 'schema.fields.position',
      };
    });
    // (the temp output holds no published versions, so nothing else is refused either)
    const files = await generateAll(workspace.options);
    const bundled = JSON.parse(files.get(path.join(workspace.options.outDir, 'schemas', 'guest.json')) ?? '{}') as { properties: Props };
    expect(bundled.properties.position).toMatchObject({ allOf: [{ $ref: '#/definitions/personPosition' }], maxLength: 20 });
  }, 60_000);

  it('lists every difference of a shape change without a bump, not the first five', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    // record the current versions first, as the real project has them
    const { writeFiles } = await import('../../codegen/output.js');
    writeFiles(await generateAll(workspace.options), workspace.options.outDir);
    const fields = ['nameEn', 'position', 'rank', 'landline', 'birthday', 'profile', 'placeOfBirth'];
    editJson(path.join(workspace.options.schemasDir, 'guest.json'), (schema) => {
      const properties = schema.properties as Props;
      // seven fields become short plain texts: more than five differences
      for (const field of fields) properties[field] = { type: 'string', maxLength: 7, 'x-i18n': 'schema.fields.position' };
    });
    const problems = await problemsOf(workspace.options);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schemas\/guest\.json#\/x-version: the shape changed since published version \d+ in \d+ place\(s\):/);
    for (const field of fields) expect(problems[0]).toContain(`/properties/${field}/`);
    expect(problems[0]).toMatch(/Bump x-version to \d+/);
  }, 120_000);
});

describe('codegen messages on UI schemas', () => {
  it('names a UI-schema key and a ui:order entry that are not properties of the schema', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    editJson(path.join(workspace.options.uiSchemasDir, 'guest.json'), (ui) => {
      (ui['ui:order'] as string[]).splice(1, 0, 'nickname');
      ui.faxNumber = { 'ui:widget': 'text' };
    });
    editJson(path.join(workspace.options.uiSchemasDir, 'itinerary.json'), (ui) => {
      (ui.arrival as Record<string, unknown>).flightClass = { 'ui:widget': 'radio' };
    });
    const problems = await problemsOf(workspace.options);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^ui-schemas\/guest\.json#\/ui:order\/1: ui:order names "nickname", which is not a property of the schema here\. Remove it or use one of: .*nameZh/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^ui-schemas\/guest\.json#\/faxNumber: "faxNumber" is not a property of the schema here\. Rename or remove it/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^ui-schemas\/itinerary\.json#\/arrival\/flightClass: "flightClass" is not a property/),
    );
  }, 60_000);

  it('names a shownWhen condition on a field that is not there', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    editJson(path.join(workspace.options.uiSchemasDir, 'activity-sign-up.json'), (ui) => {
      (ui.speechMaterials as Record<string, Record<string, unknown>>)['ui:options']!.shownWhen = { isSpeaker: true };
    });
    expect(await problemsOf(workspace.options)).toEqual([
      expect.stringMatching(
        /^ui-schemas\/activity-sign-up\.json#\/speechMaterials\/ui:options\/shownWhen\/isSpeaker: shownWhen names "isSpeaker", which is not a field beside this one\. Use one of: .*speaker/,
      ),
    ]);
  }, 60_000);

  it('names an order without "*" that leaves out a property', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    editJson(path.join(workspace.options.uiSchemasDir, 'itinerary.json'), (ui) => {
      const arrival = ui.arrival as Record<string, string[]>;
      arrival['ui:order'] = arrival['ui:order']!.filter((name) => name !== 'remarks');
    });
    expect(await problemsOf(workspace.options)).toEqual([
      'ui-schemas/itinerary.json#/arrival/ui:order: ui:order has no "*" and leaves out remarks (the form would not render). Add them, or "*" for the rest',
    ]);
  }, 60_000);
});

describe('codegen checks the demo records', () => {
  it('names the file, the record and the field a schema change no longer accepts', async () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    // a form-version change: a new required enum field (the seed takes its first value) and a new
    // required free text (nothing to take: the demo record must say it); the demo guest has neither
    editJson(path.join(workspace.options.schemasDir, 'guest.json'), (schema) => {
      (schema.properties as Props).testChoice = { type: 'string', enum: ['none', 'vegetarian'], 'x-i18n': 'schema.fields.gender' };
      (schema.properties as Props).passportName = { type: 'string', maxLength: 50, 'x-i18n': 'schema.fields.nameEn' };
      (schema.required as string[]).push('testChoice', 'passportName');
      schema['x-version'] = Number(schema['x-version']) + 1;
    });
    editJson(workspace.options.demoDataFile, (demo) => {
      const enterprise = (demo.accounts as Record<string, Record<string, unknown>>[])[0]!;
      enterprise.unit!.contactMobile = '12345';
    });
    const problems = await problemsOf(workspace.options);
    const file = path.relative(process.cwd(), workspace.options.demoDataFile);
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${file.replace(/[.]/g, '\\.')}#/accounts/0/unit/contactMobile: demo record "unit of enterprise@demo\\.example\\.com" does not meet schemas/unit\\.json at /contactMobile: .+\\. Change the demo value`,
        ),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringContaining(
        '#/accounts/7/guest/passportName: demo record "guest of 13800000007" does not meet schemas/guest.json at /passportName: This field is required. Add the field to the demo record',
      ),
    );
    expect(problems.filter((p) => p.includes('testChoice'))).toEqual([]);
  }, 60_000);
});

describe('the command lines', () => {
  it('codegen prints the sentence, never a stack trace', () => {
    const workspace = workspaceWithCopies();
    cleanup = workspace.cleanup;
    editJson(path.join(workspace.options.schemasDir, 'guest.json'), (schema) => {
      (schema.properties as Props).rank = { $ref: '#/definitions/missing' };
    });
    fs.writeFileSync(path.join(workspace.options.schemasDir, 'liaison.json'), '{ "broken": ');
    const run = spawnSync(
      tsx,
      [
        'codegen/generate.ts',
        '--check',
        '--schemas',
        workspace.options.schemasDir,
        '--out',
        workspace.options.outDir,
        '--ui-schemas',
        workspace.options.uiSchemasDir,
        '--demo-data',
        workspace.options.demoDataFile,
      ],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('schemas/liaison.json#: not valid JSON');
    expect(run.stderr).not.toMatch(/^\s+at /m);

    fs.writeFileSync(
      path.join(workspace.options.schemasDir, 'liaison.json'),
      fs.readFileSync(path.join(projectRoot, 'schemas', 'liaison.json')),
    );
    const second = spawnSync(
      tsx,
      [
        'codegen/generate.ts',
        '--check',
        '--schemas',
        workspace.options.schemasDir,
        '--out',
        workspace.options.outDir,
        '--ui-schemas',
        workspace.options.uiSchemasDir,
        '--demo-data',
        workspace.options.demoDataFile,
      ],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('unknown $ref "#/definitions/missing" at schemas/guest.json#/properties/rank');
    expect(second.stderr).not.toMatch(/^\s+at /m);
  }, 120_000);

  it('form-version:diff on an empty database says so in one line', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-version-empty-'));
    try {
      const missing = spawnSync(tsx, ['scripts/form-version-diff.ts'], {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      expect(missing.status).toBe(0);
      expect(missing.stdout.trim().split('\n')).toEqual([
        `form-version:diff: ${path.join(dataDir, 'summit.sqlite')} does not exist yet: no stored record to check, nothing to do`,
      ]);
      fs.writeFileSync(path.join(dataDir, 'summit.sqlite'), '');
      const empty = spawnSync(tsx, ['scripts/form-version-diff.ts'], {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      expect(empty.status).toBe(0);
      expect(empty.stdout.trim().split('\n')).toEqual([
        `form-version:diff: ${path.join(dataDir, 'summit.sqlite')} is empty (no tables yet): no stored record to check, nothing to do`,
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
