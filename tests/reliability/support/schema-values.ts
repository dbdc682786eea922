/**
 * Values derived from a JSON Schema: `validValue` aims at a document the schema accepts
 * (formats, patterns, enums, lengths, if/then), `mutation` breaks one thing in it the way a
 * careless client or an attacker would (boundary lengths, wrong types, extra properties,
 * NUL and lone surrogates, huge numbers). Both draw only from the seeded Rng.
 */
import { residentIdCheckChar } from '../../../src/shared/formats.js';
import type { Rng } from './prng.js';
import { sampleOfPattern } from './regex-sample.js';
import type { JsonSchema } from './route-catalogue.js';

/** A value for a named property chosen by the caller (ids of real records...), or undefined. */
export type NameHint = (name: string, schema: JsonSchema) => unknown;

const CJK =
  '张王李赵刘陈杨黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文';
const LATIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const TEXT = `${CJK}${LATIN}0123456789 ,.-`;

function chars(rng: Rng, pool: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += pool[rng.int(0, pool.length - 1)];
  return out;
}

function capitalisedWord(rng: Rng): string {
  return chars(rng, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 1) + chars(rng, 'abcdefghijklmnopqrstuvwxyz', rng.int(1, 8));
}

function digits(rng: Rng, length: number): string {
  return chars(rng, '0123456789', length);
}

export function residentIdNumber(rng: Rng): string {
  const year = rng.int(1940, 2005);
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  const first17 = `370202${year}${month}${day}${digits(rng, 3)}`;
  return first17 + residentIdCheckChar(first17);
}

function strongPassword(rng: Rng): string {
  // alternating classes: never 3 of a kind in a row, never an ascending run
  const parts = ['Qz', '#', String(rng.int(2, 9)), 'x', 'K', '!', String(rng.int(2, 9)), 'm'];
  return parts.join('').slice(0, rng.int(8, 10)) + 'Aa9';
}

const FORMAT_VALUES: Record<string, (rng: Rng) => string> = {
  mobile: (rng) => `1${rng.int(3, 9)}${digits(rng, 9)}`,
  landline: (rng) => `0${digits(rng, 3)}-${rng.int(2, 9)}${digits(rng, 7)}`,
  email: (rng) => `${chars(rng, 'abcdefghijklmnopqrstuvwxyz', rng.int(3, 10))}.${rng.int(1, 99999)}@example.com`,
  account: (rng) => (rng.chance(0.5) ? FORMAT_VALUES.mobile!(rng) : FORMAT_VALUES.email!(rng)),
  'person-name': (rng) => (rng.chance(0.6) ? chars(rng, CJK, rng.int(2, 4)) : `${capitalisedWord(rng)} ${capitalisedWord(rng)}`),
  'latin-person-name': (rng) => `${capitalisedWord(rng)} ${capitalisedWord(rng)}`,
  password: strongPassword,
  'verify-code': (rng) => chars(rng, 'ABCDEFGHJKMNPQRSTUVWXYZ23456789', 4),
  'external-link': (rng) => `https://www.example${rng.int(1, 999)}.com/${chars(rng, 'abcdefghij', 5)}`,
  'cn-resident-id': residentIdNumber,
  date: (rng) => `2027-0${rng.int(1, 9)}-${String(rng.int(10, 28))}`,
  'date-time': (rng) =>
    `2027-06-${rng.int(10, 28)}T${String(rng.int(0, 23)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}:00+08:00`,
  uri: () => 'https://www.example.com/',
  uuid: () => '6f1c5e0e-9d3a-4c0b-8f2e-1a2b3c4d5e6f',
};

const PATTERN_VALUES: Record<string, (rng: Rng) => string> = {
  '^[1-9][0-9]{0,5}$': (rng) => String(rng.chance(0.8) ? rng.int(1, 5) : rng.int(1, 999_999)),
  '^(?:[1-9]|[1-9][0-9]|100)$': (rng) => String(rng.pick([1, 5, 10, 20, 50, 100, rng.int(1, 100)])),
  '^[A-Za-z0-9_-]+$': (rng) => chars(rng, `${LATIN}0123456789_-`, rng.int(1, 24)),
  '^[0-9]{1,4}$': (rng) => digits(rng, rng.int(1, 4)),
};

function patternValue(pattern: string, rng: Rng, minLength: number, maxLength: number): string {
  const known = PATTERN_VALUES[pattern];
  if (known) return known(rng);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const sample = sampleOfPattern(pattern, rng);
    if (sample !== null && sample.length >= minLength && sample.length <= maxLength) return sample;
  }
  // a pattern the sampler cannot read: try a few shapes and keep the first that matches
  const regex = new RegExp(pattern, 'u');
  let candidate = '';
  for (const pool of [`${LATIN}0123456789`, '0123456789', LATIN, TEXT]) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      candidate = chars(rng, pool, rng.int(Math.max(1, minLength), Math.max(1, Math.min(maxLength, minLength + 12))));
      if (regex.test(candidate)) return candidate;
    }
  }
  return candidate;
}

/** allOf parts merged into one schema (later constraints win; good enough for generation). */
function merged(schema: JsonSchema): JsonSchema {
  const parts = schema.allOf as JsonSchema[] | undefined;
  if (!parts) return schema;
  const out: JsonSchema = { ...schema };
  delete out.allOf;
  for (const part of parts) {
    const flat = merged(part);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties') out.properties = { ...(out.properties as object), ...(value as object) };
      else if (key === 'required') out.required = [...new Set([...((out.required as string[]) ?? []), ...(value as string[])])];
      else if (key === 'if' || key === 'then' || key === 'else') continue;
      else out[key] = value;
    }
  }
  return out;
}

/** The if/then/else blocks of an object schema (top level and inside allOf). */
function conditionals(schema: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [];
  if (schema.if) found.push(schema);
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) found.push(...conditionals(part));
  return found;
}

/** A small subset of validation, enough for the `if` of our schemas (const, enum, required, not). */
function matches(schema: JsonSchema, value: unknown): boolean {
  if ('const' in schema && value !== schema.const) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return false;
  if (schema.not && matches(schema.not as JsonSchema, value)) return false;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in record)) return false;
    for (const [name, sub] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      if (name in record && !matches(sub, record[name])) return false;
    }
  }
  return true;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.enum || schema.const !== undefined) return undefined;
  return 'string';
}

function validString(schema: JsonSchema, rng: Rng): string {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 60;
  const format = schema.format as string | undefined;
  if (format && FORMAT_VALUES[format]) return FORMAT_VALUES[format](rng);
  if (typeof schema.pattern === 'string') return patternValue(schema.pattern, rng, minLength, maxLength);
  const length = rng.chance(0.1) ? maxLength : rng.int(Math.max(1, minLength), Math.max(1, Math.min(maxLength, minLength + 24)));
  let out = chars(rng, TEXT, length).trim();
  while (out.length < Math.max(1, minLength)) out += chars(rng, CJK, 1);
  return out.slice(0, maxLength);
}

function validNumber(schema: JsonSchema, rng: Rng, integer: boolean): number {
  const min = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? 0;
  const max = Math.min((schema.maximum as number | undefined) ?? 10_000, 10_000_000);
  const low = Math.ceil(min);
  const value = rng.chance(0.15) ? rng.pick([low, max]) : rng.int(low, Math.max(low, Math.min(max, low + 500)));
  return integer ? Math.trunc(value) : value;
}

export function validValue(schema: JsonSchema, rng: Rng, hint: NameHint, name = ''): unknown {
  const hinted = name ? hint(name, schema) : undefined;
  if (hinted !== undefined) return hinted;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return validValue(rng.pick(choices), rng, hint, name);
  const flat = merged(schema);
  switch (typeOf(flat)) {
    case 'object':
      return validObject(schema, rng, hint);
    case 'array': {
      const minItems = (flat.minItems as number | undefined) ?? 0;
      const maxItems = Math.min((flat.maxItems as number | undefined) ?? 3, 5);
      const items = (flat.items as JsonSchema | undefined) ?? { type: 'string' };
      const count = rng.int(Math.max(minItems, rng.chance(0.7) ? 1 : 0), Math.max(minItems, maxItems));
      const values = Array.from({ length: count }, () => validValue(items, rng, hint, `${name}[]`));
      return flat.uniqueItems ? [...new Set(values)] : values;
    }
    case 'integer':
      return validNumber(flat, rng, true);
    case 'number':
      return validNumber(flat, rng, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default:
      return validString(flat, rng);
  }
}

function validObject(schema: JsonSchema, rng: Rng, hint: NameHint): Record<string, unknown> {
  const flat = merged(schema);
  const properties = (flat.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((flat.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  const optionalShare = rng.pick([0, 0.3, 0.7, 1]);
  for (const [name, sub] of Object.entries(properties)) {
    if (required.has(name) || rng.chance(optionalShare)) out[name] = validValue(sub, rng, hint, name);
  }
  // a confirmation field repeats its original (password / confirmPassword...)
  for (const name of Object.keys(out)) {
    const original = /^confirm([A-Z].*)$/.exec(name)?.[1];
    const source = original ? original[0]!.toLowerCase() + original.slice(1) : '';
    if (source in out && rng.chance(0.9)) out[name] = out[source];
  }
  // if/then: the branch that applies adds its required fields and tightens its properties
  for (const conditional of conditionals(schema)) {
    const branch = (matches(conditional.if as JsonSchema, out) ? conditional.then : conditional.else) as JsonSchema | undefined;
    if (!branch) continue;
    const branchProperties = (branch.properties as Record<string, JsonSchema> | undefined) ?? {};
    for (const name of (branch.required as string[] | undefined) ?? []) {
      if (!(name in out)) out[name] = validValue({ ...(properties[name] ?? {}), ...(branchProperties[name] ?? {}) }, rng, hint, name);
    }
    for (const [name, sub] of Object.entries(branchProperties)) {
      if (name in out) out[name] = validValue(merged({ allOf: [properties[name] ?? {}, sub] }), rng, hint, name);
    }
  }
  return out;
}

/** Strings no form should store: NUL, lone surrogates, controls, bidi overrides, huge. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udfff',
  '\ud83d',
  '\u202eevil',
  '\u0007\u001b[31m',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\ufeff',
  '𠀀𠀁𠀂', // astral CJK
  ' ',
  '',
];

const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, [], [1, 2], {}, { a: 1 }, 'text', '1', ''];

export interface Mutated {
  value: unknown;
  label: string;
}

/** One property of an object replaced/removed/added, or the whole value broken. */
export function mutation(value: unknown, schema: JsonSchema, rng: Rng): Mutated {
  const flat = merged(schema);
  const properties = (flat.properties as Record<string, JsonSchema> | undefined) ?? {};
  const names = Object.keys(properties);
  if (value && typeof value === 'object' && !Array.isArray(value) && names.length > 0 && rng.chance(0.85)) {
    const record = { ...(value as Record<string, unknown>) };
    const roll = rng.next();
    if (roll < 0.1) {
      const present = Object.keys(record);
      if (present.length > 0) {
        const name = rng.pick(present);
        delete record[name];
        return { value: record, label: `missing ${name}` };
      }
    }
    if (roll < 0.2) {
      const extra = rng.pick(['__proto__', 'constructor', 'auditStatus', 'id', 'unitId', 'accountId', 'extra', 'x'.repeat(300)]);
      // an own "__proto__" key, as JSON.parse makes it (assigning it would set the prototype)
      if (extra === '__proto__')
        Object.defineProperty(record, extra, { value: { polluted: 1 }, enumerable: true, configurable: true, writable: true });
      else record[extra] = rng.pick(WRONG_TYPES);
      return { value: record, label: `extra ${extra.slice(0, 20)}` };
    }
    const name = rng.pick(names);
    const sub = merged(properties[name] ?? {});
    const broken = brokenLeaf(sub, rng);
    record[name] = broken.value;
    return { value: record, label: `${name}: ${broken.label}` };
  }
  if (Array.isArray(value) && value.length > 0 && rng.chance(0.5)) {
    const copy = [...value];
    const items = merged((flat.items as JsonSchema | undefined) ?? {});
    copy[rng.int(0, copy.length - 1)] = brokenLeaf(items, rng).value;
    if (rng.chance(0.3)) copy.push(...Array.from({ length: 200 }, () => copy[0]));
    return { value: copy, label: 'array item' };
  }
  return brokenLeaf(flat, rng);
}

function brokenLeaf(schema: JsonSchema, rng: Rng): Mutated {
  const roll = rng.next();
  const maxLength = schema.maxLength as number | undefined;
  const minLength = schema.minLength as number | undefined;
  if (roll < 0.3) {
    const hostile = rng.pick(HOSTILE_STRINGS);
    return { value: hostile, label: `hostile ${JSON.stringify(hostile).slice(0, 24)}` };
  }
  if (roll < 0.5) {
    const wrong = rng.pick(WRONG_TYPES);
    return { value: wrong, label: `type ${JSON.stringify(wrong)}` };
  }
  if (roll < 0.7) {
    const limits = [
      maxLength,
      maxLength === undefined ? undefined : maxLength + 1,
      minLength === undefined ? undefined : Math.max(0, minLength - 1),
      0,
      5000,
      100_000,
    ].filter((limit): limit is number => limit !== undefined);
    const length = rng.pick(limits);
    const fill = rng.pick(['a', '中', '𠀀', '9']);
    return { value: fill.repeat(length).slice(0, fill.length === 2 ? length * 2 : length), label: `length ${length} of ${fill}` };
  }
  if (roll < 0.8) {
    const number = rng.pick([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 0.1, 2 ** 31, -(2 ** 31) - 1, 1e-300]);
    return { value: number, label: `number ${number}` };
  }
  if (roll < 0.9 && Array.isArray(schema.enum)) {
    return { value: `${String(schema.enum[0])} `, label: 'enum with a trailing space' };
  }
  const valid = validValue(schema, rng, () => undefined);
  if (typeof valid === 'string' && valid.length > 0) {
    const at = rng.int(0, valid.length);
    const inserted = rng.pick(['\u0000', '\ud800', '\udc00', '\u0085', '\u2028']);
    return { value: valid.slice(0, at) + inserted + valid.slice(at), label: `valid with ${JSON.stringify(inserted)} inside` };
  }
  return { value: rng.pick(WRONG_TYPES), label: 'wrong type' };
}
