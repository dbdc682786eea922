/**
 * Every namespace file of every language has exactly the same keys (it guards every part's
 * files, not only ours), no empty message, the same {{placeholders}}, and the generic
 * validation keys the message mapper can return all exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { genericMessageKeys } from '../../src/shared/validation-messages.js';

const localesDir = path.resolve('locales');
const languages = ['zh-CN', 'en'];

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  // Arrays (i18next returnObjects lists) are compared item by item, like objects.
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function namespaces(language: string): string[] {
  return fs
    .readdirSync(path.join(localesDir, language))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function load(language: string, file: string): Map<string, unknown> {
  return flatten(JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')), '', new Map());
}

function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locales', () => {
  it('every language has the same namespace files', () => {
    const [first, ...rest] = languages.map(namespaces);
    for (const files of rest) expect(files).toEqual(first);
    expect(first).toEqual(expect.arrayContaining(['schema.json', 'validation.json']));
  });

  for (const file of namespaces('zh-CN')) {
    it(`${file}: same keys, no empty message, same placeholders in zh-CN and en`, () => {
      const zh = load('zh-CN', file);
      const en = load('en', file);
      const onlyZh = [...zh.keys()].filter((k) => !en.has(k));
      const onlyEn = [...en.keys()].filter((k) => !zh.has(k));
      expect({ onlyInZhCN: onlyZh, onlyInEn: onlyEn }).toEqual({ onlyInZhCN: [], onlyInEn: [] });
      for (const [key, value] of zh) {
        expect(typeof value === 'string' && value.trim() !== '', `zh-CN ${key}`).toBe(true);
        expect(typeof en.get(key) === 'string' && String(en.get(key)).trim() !== '', `en ${key}`).toBe(true);
        expect(placeholders(en.get(key)), `placeholders of ${key}`).toEqual(placeholders(value));
      }
    });
  }

  it('every generic validation key exists', () => {
    const keys = load('zh-CN', 'validation.json');
    for (const key of genericMessageKeys) expect(keys.has(key.replace(/^validation\./, '')), key).toBe(true);
  });
});
