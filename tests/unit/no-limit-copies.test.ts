/**
 * Schema-first: a limit of schemas/ (maxLength, maxItems, maximum, x-upload maxBytes, ...) is never
 * written again in TypeScript; code reads it from the bundled schema. This scan looks in src/
 * (generated code aside) for a number equal to a schema limit written right next to the name of
 * a property that has that limit:
 *   - a limit key with a constant value (`maxLength: 100`, `maxBytes: 1024 * 1024`, `max: 50`) in an
 *     object literal or JSX attribute whose surroundings name the property (the key it sits under,
 *     a sibling string, the call it is passed to, the other attributes of its JSX element);
 *   - a comparison of a constant with the property's value or length (`name.length > 100`).
 * Numbers 0 and 1 are left out (every minLength and minimum), and so are style props (`sx`, `style`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { limitAt } from '../../src/shared/schema-limits';
import consoleGuestQuery from '../../src/generated/schemas/console-guest-query.json';
import receptionSchema from '../../src/generated/schemas/reception.json';

const root = path.resolve(import.meta.dirname, '../..');

type Json = Record<string, unknown>;

/** property (or definition) name -> schema keyword -> limit values, with where each is declared */
type Limits = Map<string, Map<string, Map<number, string>>>;

const LIMIT_KEYWORDS = ['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'];
const UPLOAD_LIMITS = ['maxBytes', 'minBytes', 'maxCount', 'minWidth', 'minHeight', 'minDpi'];

/** TS keys that can copy a schema keyword (a key of `x-upload` is written `x-upload.<key>`). */
const KEY_COPIES: Record<string, string[]> = {
  maxLength: ['maxLength'],
  minLength: ['minLength'],
  maxItems: ['maxItems', 'x-upload.maxCount'],
  minItems: ['minItems'],
  maximum: ['maximum', 'exclusiveMaximum'],
  minimum: ['minimum', 'exclusiveMinimum'],
  max: ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'],
  min: ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'],
  maxBytes: ['x-upload.maxBytes'],
  maxSize: ['x-upload.maxBytes'],
  minBytes: ['x-upload.minBytes'],
  maxCount: ['x-upload.maxCount', 'maxItems'],
  maxFiles: ['x-upload.maxCount', 'maxItems'],
  minWidth: ['x-upload.minWidth'],
  minHeight: ['x-upload.minHeight'],
  minDpi: ['x-upload.minDpi'],
};
const LENGTH_COMPARED = ['maxLength', 'minLength', 'maxItems', 'minItems', 'x-upload.maxCount'];
const VALUE_COMPARED = [
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'x-upload.maxBytes',
  'x-upload.minBytes',
  'x-upload.minWidth',
  'x-upload.minHeight',
  'x-upload.minDpi',
];
const STYLE_PROPS = new Set(['sx', 'style']);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join('src', 'generated')) ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function schemaLimits(schemaDir = path.join(root, 'schemas')): Limits {
  const limits: Limits = new Map();
  const files = filesUnder(schemaDir, (f) => f.endsWith('.json'));
  const definitions = (
    JSON.parse(fs.readFileSync(path.join(schemaDir, 'definitions.json'), 'utf8')) as { definitions: Record<string, Json> }
  ).definitions;
  const add = (name: string, keyword: string, value: unknown, where: string) => {
    if (typeof value !== 'number' || value <= 1) return;
    const byKeyword = limits.get(name) ?? new Map<string, Map<number, string>>();
    const values = byKeyword.get(keyword) ?? new Map<number, string>();
    if (!values.has(value)) values.set(value, where);
    byKeyword.set(keyword, values);
    limits.set(name, byKeyword);
  };
  /** a property's own keywords over those of the definition it refers to */
  const resolved = (schema: Json): Json => {
    const ref = typeof schema.$ref === 'string' ? /definitions\/([^/]+)$/.exec(schema.$ref)?.[1] : undefined;
    return ref && definitions[ref] ? { ...resolved(definitions[ref]), ...schema } : schema;
  };
  const record = (name: string, schema: Json, where: string) => {
    const full = resolved(schema);
    for (const keyword of LIMIT_KEYWORDS) add(name, keyword, full[keyword], where);
    const upload = full['x-upload'];
    if (isObject(upload)) for (const rule of UPLOAD_LIMITS) add(name, `x-upload.${rule}`, upload[rule], where);
  };
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${where}/${i}`));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'properties' || key === 'definitions') && isObject(value)) {
        for (const [name, schema] of Object.entries(value)) if (isObject(schema)) record(name, schema, `${where}/${key}/${name}`);
      }
      visit(value, `${where}/${key}`);
    }
  };
  for (const file of files) visit(JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(root, file) + ' #');
  return limits;
}

/** The value of a constant numeric expression (`100`, `1_000`, `10 * 1024 * 1024`), else null. */
function constantOf(node: ts.Node): number | null {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node)) return constantOf(node.expression);
  if (ts.isBinaryExpression(node)) {
    const left = constantOf(node.left);
    const right = constantOf(node.right);
    if (left === null || right === null) return null;
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return left * right;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return left + right;
    if (node.operatorToken.kind === ts.SyntaxKind.MinusToken) return left - right;
  }
  return null;
}

/** Names a node mentions: identifiers, property names, string literals and their last dotted segment. */
function namesIn(node: ts.Node | undefined, skip?: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (child: ts.Node): void => {
    if (child === skip) return;
    // an attribute's own name (`name=`, `label=`) says nothing about whose value it holds
    if (ts.isJsxAttribute(child.parent) && child === child.parent.name) return;
    if (ts.isIdentifier(child) || ts.isPrivateIdentifier(child)) names.add(child.text);
    else if (ts.isStringLiteralLike(child)) {
      names.add(child.text);
      names.add(child.text.split('.').pop() ?? child.text);
    }
    ts.forEachChild(child, visit);
  };
  if (node) visit(node);
  return names;
}

function keyName(name: ts.PropertyName | ts.JsxAttributeName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return null;
}

/** The JSX element an attribute value belongs to, unless it is a style prop. */
function jsxOwner(node: ts.Node): { element: ts.JsxAttributes; attribute: ts.JsxAttribute } | 'style' | null {
  let current: ts.Node = node;
  while (current.parent && !ts.isJsxAttribute(current) && !ts.isStatement(current)) current = current.parent;
  if (!ts.isJsxAttribute(current)) return null;
  if (STYLE_PROPS.has(keyName(current.name) ?? '')) return 'style';
  return { element: current.parent, attribute: current };
}

/** What surrounds a limit key written in an object literal: the names that tell whose limit it is. */
function objectContext(assignment: ts.PropertyAssignment): Set<string> | 'style' {
  const object = assignment.parent as ts.ObjectLiteralExpression;
  const names = new Set<string>();
  for (const sibling of object.properties) {
    if (sibling !== assignment && ts.isPropertyAssignment(sibling) && ts.isStringLiteralLike(sibling.initializer))
      names.add(sibling.initializer.text);
  }
  // the keys the object sits under (`nameZh: { maxLength: 100 }`, `{ fields: { nameZh: { ... } } }` stops at the first)
  const owner = object.parent;
  if (ts.isPropertyAssignment(owner)) {
    const key = keyName(owner.name);
    if (key) names.add(key);
  }
  if (ts.isCallExpression(owner)) for (const argument of owner.arguments) if (ts.isStringLiteralLike(argument)) names.add(argument.text);
  const jsx = jsxOwner(object);
  if (jsx === 'style') return 'style';
  if (jsx) for (const name of namesIn(jsx.element, jsx.attribute)) names.add(name);
  return names;
}

function copied(limits: Limits, names: Set<string>, keywords: string[], value: number): string | null {
  for (const name of names) {
    const byKeyword = limits.get(name);
    for (const keyword of keywords) {
      const where = byKeyword?.get(keyword)?.get(value);
      if (where) return `${keyword} ${value} of "${name}" (first declared in ${where})`;
    }
  }
  return null;
}

const COMPARISONS = new Set([
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
]);

export function findLimitCopies(files: string[], limits: Limits): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const report = (node: ts.Node, what: string) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path.relative(root, file)}:${line + 1} repeats ${what}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
        const key = keyName(node.name);
        const value = constantOf(node.initializer);
        const keywords = key ? KEY_COPIES[key] : undefined;
        if (keywords && value !== null && value > 1) {
          const names = objectContext(node);
          const hit = names === 'style' ? null : copied(limits, names, keywords, value);
          if (hit) report(node, hit);
        }
      } else if (ts.isJsxAttribute(node) && node.initializer && ts.isJsxExpression(node.initializer) && node.initializer.expression) {
        const key = keyName(node.name);
        const value = constantOf(node.initializer.expression);
        const keywords = key ? KEY_COPIES[key] : undefined;
        if (keywords && value !== null && value > 1) {
          const hit = copied(limits, namesIn(node.parent, node), keywords, value);
          if (hit) report(node, hit);
        }
      } else if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
        for (const [constant, other] of [
          [node.right, node.left],
          [node.left, node.right],
        ] as const) {
          const value = constantOf(constant);
          if (value === null || value <= 1 || constantOf(other) !== null) continue;
          const isLength = ts.isPropertyAccessExpression(other) && other.name.text === 'length';
          const names = namesIn(isLength ? other.expression : other);
          const hit = copied(limits, names, isLength ? LENGTH_COMPARED : VALUE_COMPARED, value);
          if (hit) report(node, hit);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('no schema limit written again in TypeScript', () => {
  const limits = schemaLimits();

  it('finds the limits of the schemas, their definitions and x-upload rules', () => {
    expect(limits.get('nameZh')?.get('maxLength')?.has(100)).toBe(true);
    expect(limits.get('photo')?.get('x-upload.maxBytes')?.has(1048576)).toBe(true);
    expect(limits.get('speechMaterials')?.get('x-upload.maxCount')?.has(3)).toBe(true);
    expect(limits.get('entourageCap')?.get('maximum')?.has(100)).toBe(true);
  });

  it('limitAt reads a limit of a bundled schema, through the definition a property refers to', () => {
    expect(limitAt(consoleGuestQuery, '/properties/unitName', 'maxLength')).toBe(200);
    // inviteCode is `$ref: #/definitions/inviteCode` in the bundle
    expect(limitAt(consoleGuestQuery, '/properties/inviteCode', 'maxLength')).toBe(32);
    expect(limitAt(receptionSchema, '/definitions/receptionPoint/properties/place', 'maxLength')).toBe(100);
    expect(() => limitAt(consoleGuestQuery, '/properties/status', 'maxLength')).toThrow('no maxLength at /properties/status');
  });

  it('catches a planted copy as a key, a JSX attribute or a comparison, and leaves unrelated numbers alone', () => {
    const dir = fs.mkdtempSync(path.join(root, 'tests', 'unit', '.limit-scan-'));
    const fixture = path.join(dir, 'copy.tsx');
    try {
      fs.writeFileSync(
        fixture,
        [
          'export const rules = { nameZh: { maxLength: 100 } };',
          'export const tooLong = (body: { nameZh: string }) => body.nameZh.length > 100;',
          "export const photoRule = { rule: 'photo', maxBytes: 1024 * 1024 };",
          'export const field = <input name="nameZh" maxLength={100} />;',
          'export const fine = { nameZh: { maxLength: 99 }, other: { maxLength: 100 } };',
          'export const styled = <input name="nameZh" style={{ maxLength: 100 }} />;',
          'export const short = (text: string) => text.length > 100;',
          '',
        ].join('\n'),
      );
      const found = findLimitCopies([fixture], limits);
      expect(found.map((entry) => entry.replace(/ \(first declared in .*/, ''))).toEqual([
        expect.stringMatching(/copy\.tsx:1 repeats maxLength 100 of "nameZh"$/),
        expect.stringMatching(/copy\.tsx:2 repeats maxLength 100 of "nameZh"$/),
        expect.stringMatching(/copy\.tsx:3 repeats x-upload\.maxBytes 1048576 of "photo"$/),
        expect.stringMatching(/copy\.tsx:4 repeats maxLength 100 of "nameZh"$/),
      ]);
      expect(found[0]).toMatch(/\(first declared in schemas\/.+\.json #/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('src/ has none (every filter field and check reads its limit from the schemas)', () => {
    const sources = filesUnder(path.join(root, 'src'), (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
    expect(findLimitCopies(sources, limits)).toEqual([]);
  }, 60_000);
});
