/**
 * Schema-first: an enum of schemas/ is never written again in TypeScript. Types come from
 * src/generated/types.ts, values from the bundled schemas. This scan fails on any string array
 * literal or string-literal union in src/ (generated code aside) whose members are exactly the
 * members of a schema enum of two or more values, and names the schema and the place.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join('src', 'generated')) ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

/** enum key (sorted members) -> where it is declared */
function schemaEnums(): Map<string, string> {
  const enums = new Map<string, string>();
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value) && value.length >= 2 && value.every((v) => typeof v === 'string')) {
        const id = keyOf(value as string[]);
        if (!enums.has(id)) enums.set(id, where);
      } else {
        visit(value, `${where}/${key}`);
      }
    }
  };
  // definitions.json first: a shared enum is named where it is defined
  const files = filesUnder(path.join(root, 'schemas'), (f) => f.endsWith('.json'));
  files.sort((a, b) => Number(b.endsWith('definitions.json')) - Number(a.endsWith('definitions.json')));
  for (const file of files) {
    visit(JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(root, file) + ' #');
  }
  return enums;
}

function keyOf(members: string[]): string {
  return JSON.stringify([...new Set(members)].sort());
}

/** string members of an array literal or a union type made only of string literals, else null */
function literalMembers(node: ts.Node): string[] | null {
  if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2) {
    return node.elements.every(ts.isStringLiteralLike) ? node.elements.map((e) => (e as ts.StringLiteralLike).text) : null;
  }
  if (ts.isUnionTypeNode(node) && node.types.length >= 2) {
    const texts = node.types.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : null));
    return texts.every((t): t is string => t !== null) ? texts : null;
  }
  return null;
}

export function findEnumCopies(files: string[], enums: Map<string, string>): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const members = literalMembers(node);
      const schema = members && enums.get(keyOf(members));
      if (schema) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(root, file)}:${line + 1} repeats the enum of ${schema}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('no schema enum written again in TypeScript', () => {
  const enums = schemaEnums();

  it('finds the enums of the schemas (the scan can see something)', () => {
    expect(enums.has(keyOf(['pending', 'approved', 'rejected']))).toBe(true);
    expect(enums.has(keyOf(['enterprise', 'government', 'media']))).toBe(true);
  });

  it('catches a literal copy, as an array or as a union, in any order', () => {
    const fixture = path.join(fs.mkdtempSync(path.join(root, 'tests', 'unit', '.enum-scan-')), 'copy.ts');
    try {
      fs.writeFileSync(
        fixture,
        "export const statuses = ['approved', 'pending', 'rejected'];\nexport type Kind = 'media' | 'enterprise' | 'government';\nexport const fine = ['pending', 'approved'];\n",
      );
      const found = findEnumCopies([fixture], enums);
      expect(found).toHaveLength(2);
      expect(found[0]).toMatch(/copy\.ts:1 repeats the enum of schemas\//);
    } finally {
      fs.rmSync(path.dirname(fixture), { recursive: true, force: true });
    }
  });

  it('src/ has none (every feature reads its enum values from the schemas)', () => {
    const sources = filesUnder(path.join(root, 'src'), (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
    const found = findEnumCopies(sources, enums).map((entry) => entry.replace(/:\d+ /, ' '));
    expect(found).toEqual([]);
  }, 60_000);
});
