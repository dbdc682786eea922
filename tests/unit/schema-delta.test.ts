/**
 * The delta of two versions of a form (what the stored-records diff checks a record of the older
 * one against): the changed, added and newly required properties, in the new version's order;
 * none where a change reaches beyond the properties.
 */
import { describe, expect, it } from 'vitest';
import { schemaDelta } from '../../src/server/schema-versions/schema-delta.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schemas written by hand
type Json = Record<string, any>;

const base: Json = {
  $id: 'https://summit.example/schemas/guest.json',
  'x-version': 3,
  'x-messages': { required: 'validation.required' },
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 100 },
    rank: { type: 'string' },
    mobile: { $ref: '#/definitions/mobile', 'x-sensitive': 'mobile' },
    expiry: { type: 'string', format: 'date', 'x-when': 'future' },
  },
  if: { properties: { rank: { const: 'a' } }, required: ['rank'] },
  then: { required: ['mobile'] },
  definitions: { mobile: { type: 'string', maxLength: 15 } },
};

function next(change: (schema: Json) => void): Json {
  const schema = structuredClone(base);
  schema['x-version'] = 4;
  change(schema);
  return schema;
}

describe('schemaDelta', () => {
  it('keeps the changed, added and newly required properties (and those with a time relative to now), in the new order', () => {
    const to = next((s) => {
      s.properties = { badge: { type: 'string' }, ...s.properties, name: { type: 'string', maxLength: 2 } };
      s.required = ['name', 'badge', 'rank'];
    });
    const delta = schemaDelta(base, to)!;
    expect(delta.checked).toEqual(['badge', 'name', 'rank', 'expiry']);
    expect(delta.schema).toEqual({
      $id: base.$id,
      'x-version': 4,
      'x-messages': base['x-messages'],
      type: 'object',
      required: ['badge', 'rank'],
      properties: { badge: to.properties.badge, name: to.properties.name, rank: to.properties.rank, expiry: to.properties.expiry },
      definitions: base.definitions,
    });
    expect([...delta.known].sort()).toEqual(['badge', 'expiry', 'mobile', 'name', 'rank']);
  });

  it('has none where a conditional, a definition or the closing of the object changed, or a reference reads a property', () => {
    expect(
      schemaDelta(
        base,
        next((s) => (s.then = { required: ['mobile', 'name'] })),
      ),
    ).toBeNull();
    expect(
      schemaDelta(
        base,
        next((s) => (s.definitions.mobile.maxLength = 11)),
      ),
    ).toBeNull();
    expect(
      schemaDelta(
        base,
        next((s) => (s.additionalProperties = true)),
      ),
    ).toBeNull();
    expect(
      schemaDelta(
        base,
        next((s) => (s.properties.rank = { $ref: '#/properties/name' })),
      ),
    ).toBeNull();
    expect(
      schemaDelta(
        base,
        next((s) => (s.else = { properties: { expiry: { 'x-when': 'past' } } })),
      ),
    ).toBeNull();
  });

  it('drops a removed property from what the new version knows (such a record gets the full check)', () => {
    const delta = schemaDelta(
      base,
      next((s) => delete s.properties.rank),
    )!;
    expect(delta.known.has('rank')).toBe(false);
    expect(delta.checked).toEqual(['expiry']);
  });
});
