/**
 * A form declared `lean: true` is drawn without the RJSF runtime (src/client/engine/lean): only
 * a flat object of strings, each drawn by a widget the lean form has, and no `load` (the lean
 * form has no record to upgrade). Checked here so the client never meets a form it cannot draw.
 */
import type { JsonSchema } from './schema-files.js';
import type { SchemaOf } from './declaration-context-lint.js';

/** Mirrors LEAN_WIDGETS of src/client/engine/lean/lean-fields.ts (codegen does not import client code). */
const LEAN_WIDGETS = new Set(['text', 'password', 'email', 'hidden', 'imageCode', 'messageCode']);

function resolve(node: JsonSchema | undefined, root: JsonSchema): JsonSchema | undefined {
  let current = node;
  for (let depth = 0; depth < 10 && current && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); depth++) {
    let target: unknown = root;
    for (const segment of current.$ref.slice(2).split('/')) target = (target as Record<string, unknown> | undefined)?.[segment];
    const { $ref: _ref, ...siblings } = current;
    current = target && typeof target === 'object' ? { ...(target as JsonSchema), ...siblings } : undefined;
  }
  return current;
}

export function lintLeanForm(
  where: string,
  declaration: Record<string, unknown>,
  schemaOf: SchemaOf,
  uiSchemaOf: (name: string) => Record<string, unknown> | undefined,
): string[] {
  if (declaration.kind !== 'form' || declaration.lean !== true) return [];
  const problems: string[] = [];
  if (declaration.load !== undefined) problems.push(`${where}: a lean form has no load`);
  const schemaName = String(declaration.schema);
  const schema = schemaOf(schemaName);
  if (!schema) return problems;
  for (const keyword of ['if', 'allOf', 'anyOf', 'oneOf', 'dependencies', 'dependentRequired', 'dependentSchemas']) {
    if (schema[keyword] !== undefined) problems.push(`${where}: lean form schema "${schemaName}" uses ${keyword}`);
  }
  const ui = uiSchemaOf(String(declaration.uiSchema ?? schemaName)) ?? {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    if (resolve(property, schema)?.type !== 'string') problems.push(`${where}: lean form field "${name}" is not a string`);
    const widget = (ui[name] as Record<string, unknown> | undefined)?.['ui:widget'] ?? 'text';
    if (!LEAN_WIDGETS.has(String(widget)))
      problems.push(`${where}: lean form field "${name}" uses widget "${String(widget)}", which the lean form does not draw`);
  }
  return problems;
}
