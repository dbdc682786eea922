/**
 * A `required` name that is not a property of its object is refused in every schema, whether or
 * not a demo record covers it, at the pointer of the required entry, with what to do.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateAll, SchemaLintError } from '../../codegen/pipeline.js';
import { editJson, tempWorkspace } from './helpers.js';

type Json = Record<string, unknown>;

let cleanup = (): void => undefined;
afterEach(() => cleanup());

async function problemsAfter(edits: Record<string, (schema: Json) => void>): Promise<string[]> {
  const workspace = tempWorkspace();
  cleanup = workspace.cleanup;
  for (const [file, edit] of Object.entries(edits)) editJson(path.join(workspace.options.schemasDir, file), edit);
  const error = await generateAll(workspace.options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SchemaLintError);
  return (error as SchemaLintError).problems;
}

describe('codegen: required names only properties', () => {
  it('refuses a required name without its property in a schema no demo record covers (entourage member)', async () => {
    const problems = await problemsAfter({
      'entourage-member.json': (schema) => {
        schema.required = [...(schema.required as string[]), 'passportName'];
      },
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^schemas\/entourage-member\.json#\/required\/8: required names "passportName", which is not a property of the object here \(additionalProperties is false, so every document would be refused\)\. Add "passportName" under "properties" \(with its label in both locales\), or correct the name to one of: .*nameEn.*$/,
      ),
    ]);
  }, 60_000);

  it('names the schema, not the demo record, where a demo record exists (guest)', async () => {
    const problems = await problemsAfter({
      'guest.json': (schema) => {
        schema.required = [...(schema.required as string[]), 'passportName'];
      },
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schemas\/guest\.json#\/required\/\d+: required names "passportName"/);
    expect(problems.join('\n')).not.toContain('demo record');
  }, 60_000);

  it('looks inside then, else, allOf, items and definitions, and accepts names the enclosing object has', async () => {
    const problems = await problemsAfter({
      'entourage-member.json': (schema) => {
        // a then naming a property of the object it applies to stays valid
        schema.then = { ...(schema.then as Json), required: ['idNumber'] };
        schema.else = { required: ['passprotName'] };
      },
      'guest.json': (schema) => {
        schema.allOf = [{ required: ['nameZh'] }, { required: ['nickName'] }];
      },
      'definitions.json': (schema) => {
        const definitions = schema.definitions as Json;
        definitions.vipList = {
          type: 'array',
          maxItems: 3,
          items: { type: 'object', additionalProperties: false, properties: { a: { type: 'integer' } }, required: ['a', 'b'] },
        };
      },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^schemas\/entourage-member\.json#\/else\/required\/0: required names "passprotName", which is not a property/,
        ),
        expect.stringMatching(/^schemas\/guest\.json#\/allOf\/1\/required\/0: required names "nickName", which is not a property/),
        expect.stringMatching(
          /^schemas\/definitions\.json#\/definitions\/vipList\/items\/required\/1: required names "b", .*additionalProperties is false.* correct the name to one of: a$/,
        ),
      ]),
    );
    expect(problems.filter((line) => line.includes('required names'))).toHaveLength(3);
  }, 60_000);
});
