/**
 * The TS shapes the client runs declarations with (src/client/engine/screen-types.ts,
 * engine/wizard/wizard-types.ts) against the schema codegen checks declarations with
 * (screen-declaration.schema.json): same properties, same required ones, same literal values.
 * Either side may change; both must (tests/codegen/declaration-shapes.test.ts runs this).
 */
import ts from 'typescript';

type Json = Record<string, unknown>;

/** A TS interface (by file and name) and the schema part (a JSON pointer into the schema) it mirrors. */
export interface ShapePair {
  file: string;
  typeName: string;
  pointer: string;
  /** required properties the schema puts outside the pointed part (a declaration's id, kind, titleKey) */
  alsoRequired?: string[];
}

function at(schema: Json, pointer: string): Json | undefined {
  let current: unknown = schema;
  for (const part of pointer.split('/').slice(1)) current = (current as Json | undefined)?.[part];
  return current && typeof current === 'object' ? (current as Json) : undefined;
}

function literalValues(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values = members.filter((member) => !(member.flags & ts.TypeFlags.Undefined));
  if (!values.length || !values.every((member) => member.isStringLiteral())) return undefined;
  return values.map((member) => (member as ts.StringLiteralType).value).sort();
}

function schemaValues(property: Json | undefined): string[] | undefined {
  if (Array.isArray(property?.enum)) return (property.enum as string[]).slice().sort();
  return typeof property?.const === 'string' ? [property.const] : undefined;
}

export function compareDeclarationShapes(
  schema: Json,
  pairs: ShapePair[],
  compilerOptions: ts.CompilerOptions = { strict: true, jsx: ts.JsxEmit.ReactJSX },
): string[] {
  const program = ts.createProgram([...new Set(pairs.map((pair) => pair.file))], { ...compilerOptions, noEmit: true });
  const checker = program.getTypeChecker();
  const problems: string[] = [];
  for (const pair of pairs) {
    const where = `${pair.typeName} (${pair.file.replace(/^.*\/src\//, 'src/')}) vs screen-declaration.schema.json ${pair.pointer}`;
    const source = program.getSourceFile(pair.file);
    const declaration = source?.statements.find(
      (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === pair.typeName,
    );
    const part = at(schema, pair.pointer);
    if (!declaration || !part) {
      problems.push(`${where}: ${declaration ? 'schema part' : 'interface'} not found`);
      continue;
    }
    const schemaProperties = (part.properties ?? {}) as Record<string, Json>;
    const required = new Set([...((part.required as string[] | undefined) ?? []), ...(pair.alsoRequired ?? [])]);
    const type = checker.getTypeAtLocation(declaration);
    const tsProperties = new Map(checker.getPropertiesOfType(type).map((symbol) => [symbol.name, symbol]));
    for (const name of Object.keys(schemaProperties)) {
      if (!tsProperties.has(name)) problems.push(`${where}: "${name}" is in the schema, not in the interface`);
    }
    for (const [name, symbol] of tsProperties) {
      if (!(name in schemaProperties)) {
        problems.push(`${where}: "${name}" is in the interface, not in the schema`);
        continue;
      }
      const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
      if (optional === required.has(name))
        problems.push(
          `${where}: "${name}" is ${optional ? 'optional' : 'required'} in the interface, ${optional ? 'required' : 'optional'} in the schema`,
        );
      const tsValues = literalValues(checker.getTypeOfSymbolAtLocation(symbol, declaration));
      const expected = schemaValues(schemaProperties[name]);
      if (tsValues && expected && tsValues.join('|') !== expected.join('|')) {
        problems.push(`${where}: "${name}" is ${tsValues.join('|')} in the interface, ${expected.join('|')} in the schema`);
      }
    }
  }
  return problems;
}
