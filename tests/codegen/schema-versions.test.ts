/**
 * Form versions in codegen: a shape change without an x-version bump is refused, a bump records the
 * new version next to the old one, labels alone need no bump, a new schema is simply recorded.
 * All on a temp copy of schemas/ with a temp output folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFiles } from '../../codegen/output.js';
import { generateAll, SchemaLintError } from '../../codegen/pipeline.js';
import { shapeDifferences, shapeOf } from '../../codegen/versions.js';
import { editJson, tempWorkspace } from './helpers.js';

type Workspace = ReturnType<typeof tempWorkspace>;
type Props = Record<string, Record<string, unknown>>;

let workspace: Workspace;
const schemaFile = (name: string): string => path.join(workspace.options.schemasDir, `${name}.json`);
/** the x-version a schema file has now (new form versions move it on; these tests are about the rule, not the number) */
const versionOf = (name: string): number =>
  Number((JSON.parse(fs.readFileSync(schemaFile(name), 'utf8')) as Record<string, unknown>)['x-version']);
const recordFile = (name: string, version: number): string => path.join(workspace.options.outDir, 'versions', name, `${version}.json`);

async function codegen(rerecord?: string[]): Promise<void> {
  writeFiles(await generateAll({ ...workspace.options, rerecord }), workspace.options.outDir);
}

async function codegenProblems(): Promise<string[]> {
  try {
    await generateAll(workspace.options);
  } catch (error) {
    if (error instanceof SchemaLintError) return error.problems;
    throw error;
  }
  return [];
}

beforeEach(async () => {
  workspace = tempWorkspace();
  await codegen();
}, 60_000);
afterEach(() => workspace.cleanup());

describe('schema version records', () => {
  it('records every schema under its x-version on the first run', () => {
    expect(fs.existsSync(recordFile('guest', versionOf('guest')))).toBe(true);
    expect(fs.existsSync(recordFile('sign-in-password', 1))).toBe(true);
  });

  it('refuses a shape change without an x-version bump, naming where it changed', async () => {
    editJson(schemaFile('liaison'), (schema) => {
      (schema.properties as Props).email = { allOf: [{ $ref: 'definitions.json#/definitions/email' }], maxLength: 40 };
    });
    const problems = await codegenProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schemas\/liaison\.json#\/x-version: the shape changed since published version 1 in 3 place\(s\):/);
    expect(problems[0]).toContain('/properties/email/$ref removed');
    expect(problems[0]).toContain('/properties/email/allOf added');
    expect(problems[0]).toContain('/properties/email/maxLength added');
    expect(problems[0]).toContain('Bump x-version to 2');
  }, 60_000);

  it('records the bumped version and keeps the old record unchanged', async () => {
    const before = fs.readFileSync(recordFile('liaison', 1), 'utf8');
    editJson(schemaFile('liaison'), (schema) => {
      const dropped = Object.keys(schema.properties as Props)[0] as string;
      delete (schema.properties as Props)[dropped];
      // a dropped field leaves required too (codegen refuses a required name without its property)
      if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((name) => name !== dropped);
      schema['x-version'] = 2;
    });
    await codegen();
    expect(fs.readFileSync(recordFile('liaison', 1), 'utf8')).toBe(before);
    expect(JSON.parse(fs.readFileSync(recordFile('liaison', 2), 'utf8'))['x-version']).toBe(2);
    expect(await codegenProblems()).toEqual([]);
  }, 60_000);

  it('needs no bump for labels, descriptions or defaults', async () => {
    editJson(schemaFile('liaison'), (schema) => {
      schema.description = 'reworded help';
      for (const property of Object.values(schema.properties as Props)) property.description = 'new help text';
    });
    expect(await codegenProblems()).toEqual([]);
  }, 60_000);

  it('refuses a version below the last published one', async () => {
    const published = versionOf('guest');
    editJson(schemaFile('guest'), (schema) => {
      schema['x-version'] = published - 1;
    });
    expect(await codegenProblems()).toEqual([
      `schemas/guest.json#/x-version: x-version ${published - 1} is below the last published version ${published}. Set it to ${published} (or ${published + 1} for a new version)`,
    ]);
  }, 60_000);

  it('records a new schema as published at its first version', async () => {
    const copy = JSON.parse(fs.readFileSync(schemaFile('liaison'), 'utf8')) as Record<string, unknown>;
    copy.$id = 'https://summit.example/schemas/brand-new.json';
    fs.writeFileSync(schemaFile('brand-new'), JSON.stringify(copy));
    await codegen();
    expect(fs.existsSync(recordFile('brand-new', 1))).toBe(true);
  }, 60_000);

  it('records an unreleased version again only when asked to (--rerecord)', async () => {
    editJson(schemaFile('liaison'), (schema) => {
      schema.required = [];
    });
    expect(await codegenProblems()).toHaveLength(1);
    await codegen(['liaison']);
    expect(await codegenProblems()).toEqual([]);
    expect(JSON.parse(fs.readFileSync(recordFile('liaison', 1), 'utf8')).required).toEqual([]);
  }, 60_000);
});

describe('shapeOf', () => {
  it('drops annotations but keeps properties that happen to be named like them', () => {
    const schema = {
      type: 'object',
      description: 'x',
      'x-i18n': 'k',
      properties: { title: { type: 'string', maxLength: 5, description: 'd' }, default: { type: 'number' } },
    };
    expect(shapeOf(schema)).toEqual({
      type: 'object',
      properties: { title: { type: 'string', maxLength: 5 }, default: { type: 'number' } },
    });
    expect(shapeDifferences(shapeOf(schema), shapeOf({ ...schema, properties: { title: { type: 'string' } } }))).toEqual([
      '/properties/default removed',
      '/properties/title/maxLength removed',
    ]);
  });
});
