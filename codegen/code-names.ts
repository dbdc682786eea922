/**
 * Names that screen declarations refer to but that live in code: operations (variables named
 * `*operations`), wizard save calls (`*saves`), panels (`*panels`), list cells (`*cells`) in src/client, and the server
 * gates (members of a `gates: { ... }` type in src/shared). Read with the TypeScript parser
 * from the sources, so codegen needs neither a build nor the browser modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface CodeNames {
  operations: Set<string>;
  saves: Set<string>;
  panels: Set<string>;
  gates: Set<string>;
  cells: Set<string>;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Parses the file only when its text could hold a catalogue (parsing every client file is slow). */
function parse(file: string, mention: RegExp): ts.SourceFile | undefined {
  const text = fs.readFileSync(file, 'utf8');
  if (!mention.test(text)) return undefined;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const CATALOGUE_MENTION = /(operations|saves|panels|cells)\b/i;

function nameOf(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
}

function objectKeys(literal: ts.ObjectLiteralExpression): string[] {
  return literal.properties.flatMap((property) => {
    if (ts.isShorthandPropertyAssignment(property)) return [property.name.text];
    if (ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property)) {
      const name = nameOf(property.name);
      return name ? [name] : [];
    }
    return [];
  });
}

const CATALOGUES: [keyof Omit<CodeNames, 'gates'>, RegExp][] = [
  ['operations', /operations$/i],
  ['saves', /saves$/i],
  ['panels', /panels$/i],
  ['cells', /cells$/i],
];

export function collectCodeNames(clientDir: string, sharedDir: string): CodeNames {
  const names: CodeNames = { operations: new Set(), saves: new Set(), panels: new Set(), gates: new Set(), cells: new Set() };
  for (const file of sourceFiles(clientDir)) {
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const initializer = unwrap(node.initializer);
        const catalogue = CATALOGUES.find(([, pattern]) => pattern.test((node.name as ts.Identifier).text));
        if (catalogue && ts.isObjectLiteralExpression(initializer)) {
          for (const key of objectKeys(initializer)) names[catalogue[0]].add(key);
        }
      }
      ts.forEachChild(node, visit);
    };
    const source = parse(file, CATALOGUE_MENTION);
    if (source) visit(source);
  }
  for (const file of sourceFiles(sharedDir)) {
    const visit = (node: ts.Node): void => {
      if (ts.isPropertySignature(node) && nameOf(node.name) === 'gates' && node.type && ts.isTypeLiteralNode(node.type)) {
        for (const member of node.type.members) {
          const name = member.name ? nameOf(member.name) : undefined;
          if (name) names.gates.add(name);
        }
      }
      ts.forEachChild(node, visit);
    };
    const source = parse(file, /\bgates\??\s*:\s*\{/);
    if (source) visit(source);
  }
  // the guest's gates are answer data described by the schemas (a `gates` object in
  // schemas/definitions.json guestDetailAnswer); src/shared only aliases the generated type
  const schemasDir = path.resolve(sharedDir, '../../schemas');
  const collectGates = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const properties = key === 'gates' ? (value as { properties?: unknown } | null)?.properties : undefined;
      if (properties && typeof properties === 'object') for (const name of Object.keys(properties)) names.gates.add(name);
      collectGates(value);
    }
  };
  if (fs.existsSync(schemasDir)) {
    for (const file of fs.readdirSync(schemasDir).filter((f) => f.endsWith('.json'))) {
      collectGates(JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8')) as unknown);
    }
  }
  return names;
}
