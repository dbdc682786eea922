/**
 * Names that screen declarations refer to but that live in code: operations (variables named
 * `*operations`), wizard save calls (`*saves`), panels (`*panels`) and list cells (`*cells`) in
 * src/client, and the route params each operation reads (its destructured second parameter). Read
 * with the TypeScript parser from the sources, so codegen needs neither a build nor the browser modules.
 * (Wizard gates are properties of the wizard's context schema, checked by declaration-lint.)
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface CodeNames {
  operations: Set<string>;
  saves: Set<string>;
  panels: Set<string>;
  cells: Set<string>;
  /**
   * Route params an operation reads, by operation: the names destructured from its second
   * parameter (`(data, { id }) => ...`); null when it takes the params whole (not checkable).
   */
  operationParams: Map<string, string[] | null>;
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
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
    current = current.expression;
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

const CATALOGUES: [keyof Omit<CodeNames, 'operationParams'>, RegExp][] = [
  ['operations', /operations$/i],
  ['saves', /saves$/i],
  ['panels', /panels$/i],
  ['cells', /cells$/i],
];

/** The route params an operation's function reads (undefined: it reads none). */
function routeParamsOf(property: ts.ObjectLiteralElementLike): string[] | null | undefined {
  const fn = ts.isPropertyAssignment(property) ? unwrap(property.initializer) : property;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn) && !ts.isMethodDeclaration(fn)) return undefined;
  const params = fn.parameters[1]?.name;
  if (!params) return undefined;
  if (ts.isObjectBindingPattern(params)) {
    return params.elements.flatMap((element) => {
      const name = element.propertyName ?? element.name;
      return ts.isIdentifier(name) || ts.isStringLiteral(name) ? [name.text] : [];
    });
  }
  // `_params` marks params the operation ignores; one it still reads counts as taken whole
  return ts.isIdentifier(params) && params.text.startsWith('_') && !mentions(fn.body, params.text) ? undefined : null;
}

function mentions(node: ts.Node | undefined, name: string): boolean {
  if (!node) return false;
  if (ts.isIdentifier(node) && node.text === name) return true;
  return ts.forEachChild(node, (child) => mentions(child, name) || undefined) ?? false;
}

function collectOperationParams(literal: ts.ObjectLiteralExpression, into: Map<string, string[] | null>): void {
  for (const property of literal.properties) {
    const name = property.name ? nameOf(property.name as ts.PropertyName) : undefined;
    const params = routeParamsOf(property);
    if (name && params !== undefined) into.set(name, params);
  }
}

export function collectCodeNames(clientDir: string): CodeNames {
  const names: CodeNames = { operations: new Set(), saves: new Set(), panels: new Set(), cells: new Set(), operationParams: new Map() };
  for (const file of sourceFiles(clientDir)) {
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const initializer = unwrap(node.initializer);
        const catalogue = CATALOGUES.find(([, pattern]) => pattern.test((node.name as ts.Identifier).text));
        if (catalogue && ts.isObjectLiteralExpression(initializer)) {
          for (const key of objectKeys(initializer)) names[catalogue[0]].add(key);
          if (catalogue[0] === 'operations') collectOperationParams(initializer, names.operationParams);
        }
      }
      ts.forEachChild(node, visit);
    };
    const source = parse(file, CATALOGUE_MENTION);
    if (source) visit(source);
  }
  return names;
}
