/** upgradeDocument on hand-made schemas: which fields are dropped, and which are left to the form. */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { upgradeDocument, type FormVersion } from '../../src/server/schema-versions/document-upgrade.js';

function formVersion(schema: Record<string, unknown>, old?: Record<string, unknown>): FormVersion {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  return { name: 'x', version: 2, validate, schema, published: (v) => (v === 1 ? old : undefined) };
}

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...extra,
});

describe('upgradeDocument', () => {
  it('drops fields the new version does not have, at any depth, with their old label', () => {
    const schema = closed({
      a: { type: 'string', maxLength: 3 },
      inner: closed({ b: { type: 'number' } }),
      list: { type: 'array', items: closed({ c: { type: 'string', maxLength: 9 } }) },
    });
    const old = closed({ gone: { type: 'string', 'x-i18n': 'schema.fields.gone' } });
    const result = upgradeDocument(
      { a: 'abcd', gone: 'x', inner: { b: 1, old: true }, list: [{ c: 'ok', d: 1 }] },
      1,
      formVersion(schema, old),
    );
    expect(result.dropped).toEqual([
      { pointer: '/gone', label: 'schema.fields.gone', value: 'x' },
      { pointer: '/inner/old', value: true },
      { pointer: '/list/0/d', value: 1 },
    ]);
    expect(result.document).toEqual({ a: 'abcd', inner: { b: 1 }, list: [{ c: 'ok' }] });
    expect(result.problems.map((p) => [p.pointer, p.key])).toEqual([['/a', 'validation.maxLength']]);
    expect(result).toMatchObject({ fromVersion: 1, toVersion: 2 });
  });

  it('does not drop a field only a non-matching oneOf/anyOf branch refuses', () => {
    const schema = { anyOf: [closed({ a: { type: 'string' } }), closed({ a: { type: 'string' }, b: { type: 'string' } })] };
    const result = upgradeDocument({ a: 'x', b: 'y' }, 1, formVersion(schema));
    expect(result.dropped).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it('leaves the stored value untouched', () => {
    const stored = { gone: 1 };
    upgradeDocument(stored, 1, formVersion(closed({})));
    expect(stored).toEqual({ gone: 1 });
  });
});
