/**
 * Every field of a registrant form that hand-written code reads or writes through the generated
 * types (`guest.mobile`, `const { status } = unit`) is protected in the repository's schema, so
 * the console editor cannot drop, rename or retype what the code relies on.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { editableForms } from '../../src/shared/form-versions-api.js';
import { typeNameOf } from '../../codegen/types.js';

const root = path.resolve(import.meta.dirname, '../..');
const typesFile = path.join(root, 'src/generated/types.ts');

/** form name -> the property names hand-written code uses through its generated interface */
export function fieldsUsedByCode(): Map<string, Set<string>> {
  const forms = new Map(editableForms.map((form) => [typeNameOf(form), form]));
  const files = ts.sys
    .readDirectory(path.join(root, 'src'), ['.ts', '.tsx'])
    .filter((file) => !file.includes('/src/generated/') && !file.endsWith('.d.ts'));
  const program = ts.createProgram(files, {
    strict: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const used = new Map<string, Set<string>>();
  const note = (found: ts.Symbol | undefined) => {
    if (!found) return;
    // a property of a mapped type (SchemaData<'guest'>) leads back to the interface's own
    const origin = (found as { links?: { syntheticOrigin?: ts.Symbol } }).links?.syntheticOrigin;
    const symbols = [found, ...checker.getRootSymbols(found), ...(origin ? [origin] : [])];
    for (const declaration of symbols.flatMap((symbol) => symbol.declarations ?? [])) {
      if (path.resolve(declaration.getSourceFile().fileName) !== typesFile) continue;
      const owner = declaration.parent;
      if (!ts.isInterfaceDeclaration(owner) && !ts.isTypeLiteralNode(owner)) continue;
      const name = ts.isInterfaceDeclaration(owner) ? owner.name.text : undefined;
      const form = name ? forms.get(name) : undefined;
      if (!form) continue;
      const set = used.get(form) ?? new Set<string>();
      set.add(found.name);
      used.set(form, set);
    }
  };
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) note(checker.getSymbolAtLocation(node.name));
      else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression))
        note(checker.getSymbolAtLocation(node.argumentExpression));
      else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const type = checker.getTypeAtLocation(node.parent);
        const key = node.propertyName ?? node.name;
        if (ts.isIdentifier(key)) note(type.getProperty(key.text));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

function isProtected(form: string, field: string): boolean {
  const schema = JSON.parse(fs.readFileSync(path.join(root, 'schemas', `${form}.json`), 'utf8')) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  return schema.properties?.[field]?.['x-protected'] === true;
}

it('protects every field of a registrant form that hand-written code names', { timeout: 240_000 }, () => {
  const used = fieldsUsedByCode();
  const unprotected = [...used].flatMap(([form, fields]) =>
    [...fields].filter((field) => !isProtected(form, field)).map((field) => `${form}.${field}`),
  );
  if (process.env.PRINT_USED_FIELDS) console.log(JSON.stringify(Object.fromEntries([...used].map(([f, s]) => [f, [...s].sort()]))));
  expect(used.size).toBeGreaterThan(0);
  expect(unprotected).toEqual([]);
});
