/**
 * Every action and target type the server can write to the audit log is a choice of the audit
 * log's filter with a label in both languages. The server's writer takes only the filter's
 * choices (`AuditRecord`, checked below by the type checker: an action written that the filter
 * lacks fails `npm run typecheck`); this test checks each choice's label.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import auditFilterQuery from '../../src/generated/schemas/audit-filter-query.json';
import { auditActions, auditTargetTypes, type AuditAction, type AuditTargetType } from '../../src/shared/audit-actions.js';
import type { AuditRecord } from '../../src/server/audit/audit.js';

const root = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = ['zh-CN', 'en'];

/** 'console.audit.actions.temporary.code.create' -> the text in locales/<language>/console.json, or undefined */
function textOf(language: string, key: string): unknown {
  const [file, ...rest] = key.split('.');
  let node: unknown = JSON.parse(fs.readFileSync(path.join(root, 'locales', language, `${file}.json`), 'utf8'));
  for (const part of rest) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

describe('the audit log: what the server writes can be filtered for and read', () => {
  it('writes only the filter’s actions and target types', () => {
    expectTypeOf<AuditRecord['action']>().toEqualTypeOf<AuditAction>();
    expectTypeOf<AuditRecord['targetType']>().toEqualTypeOf<AuditTargetType>();
    expect(auditActions).toContain('guest.check-in');
    expect(auditActions).toEqual(expect.arrayContaining(['guest.badge', 'temporary.badge', 'temporary.check-in']));
  });

  for (const [name, values, keys, prefixes] of [
    ['action', auditActions, auditFilterQuery.properties.action['x-enum-i18n'], ['console.audit.actions', 'guest.audit.actions']],
    ['targetType', auditTargetTypes, auditFilterQuery.properties.targetType['x-enum-i18n'], ['console.audit.targets']],
  ] as const) {
    it(`labels each ${name} choice in both languages, with the key the log's entries read`, () => {
      expect(keys).toHaveLength(values.length);
      values.forEach((value, index) => {
        const key = keys[index]!;
        expect(
          prefixes.map((prefix) => `${prefix}.${value}`),
          `${value}: its label key ${key} is not where the log reads it`,
        ).toContain(key);
        for (const language of LANGUAGES) {
          expect(typeof textOf(language, key), `${value} has no ${language} label (${key})`).toBe('string');
        }
        // the log reads console.* before guest.*: a console text would shadow the filter's
        if (key.startsWith('guest.')) expect(textOf('en', `console.audit.actions.${value}`), value).toBeUndefined();
      });
    });
  }
});
