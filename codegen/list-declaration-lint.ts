/**
 * The checks a list declaration needs beyond names: its columns and row link read fields of
 * the item schema, so each field must be a property of it, and a `label` column of an enum
 * field must have a text for every value of the enum (in every language).
 */
import type { JsonSchema } from './schema-files.js';

export interface ListLintContext {
  /** schema name -> source schema (schemas/<name>.json) */
  schemas: Map<string, JsonSchema>;
  /** schemas/definitions.json#/definitions */
  definitions: Record<string, JsonSchema>;
  /** 'namespace.path.to.key' per language */
  localeKeys: Record<string, Set<string>>;
  keyExists: (key: string, keys: Set<string>) => boolean;
}

interface Column {
  field?: string;
  format?: string;
  labelPrefixes?: string[];
}

interface ListActionFields {
  visibleWhen?: { field: string }[];
  enabledWhen?: { field: string }[];
  gateField?: string;
  confirm?: { params?: Record<string, string> };
}

const DEFINITION_REF = /^(?:definitions\.json)?#\/definitions\/([^/]+)$/;

function resolve(node: unknown, definitions: Record<string, JsonSchema>): JsonSchema | undefined {
  let current = node as JsonSchema | undefined;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth += 1) {
    const match = DEFINITION_REF.exec(current.$ref);
    current = match?.[1] ? definitions[match[1]] : undefined;
  }
  return current && typeof current === 'object' ? current : undefined;
}

/** The schema of one row: the items of a page answer's `records` or of a list answer, else the schema itself. */
export function itemSchemaOf(schema: JsonSchema, definitions: Record<string, JsonSchema>): JsonSchema | undefined {
  const root = resolve(schema, definitions);
  if (root?.type === 'array') return resolve(root.items, definitions);
  const records = resolve((root?.properties as Record<string, unknown> | undefined)?.records, definitions);
  return records?.type === 'array' ? resolve(records.items, definitions) : root;
}

function propertiesOf(item: JsonSchema, definitions: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const own = (item.properties ?? {}) as Record<string, JsonSchema>;
  // allOf parts (a summary extended by a few fields) add their properties too
  const parts = Array.isArray(item.allOf) ? item.allOf.map((part) => resolve(part, definitions)) : [];
  return Object.assign({}, ...parts.map((part) => (part ? propertiesOf(part, definitions) : {})), own) as Record<string, JsonSchema>;
}

export function lintListDeclaration(where: string, declaration: Record<string, unknown>, context: ListLintContext): string[] {
  const schemaName = String(declaration.itemSchema);
  const source = context.schemas.get(schemaName);
  if (!source) return []; // the missing schema itself is reported with the other names
  const item = itemSchemaOf(source, context.definitions);
  if (!item) return [`${where}: /itemSchema "${schemaName}" describes no row (an object, or a page whose records are objects)`];
  const properties = propertiesOf(item, context.definitions);
  const problems: string[] = [];
  const columns = (declaration.columns ?? []) as Column[];
  columns.forEach((column, index) => {
    if (column.field === undefined) return;
    const property = properties[column.field];
    if (!property) {
      problems.push(`${where}: /columns/${index}/field "${column.field}" is not a property of the item schema ${schemaName}`);
      return;
    }
    const values = resolve(property, context.definitions)?.enum;
    if (column.format !== 'label' || !Array.isArray(values)) return;
    for (const [language, keys] of Object.entries(context.localeKeys)) {
      for (const value of values) {
        const labelled = (column.labelPrefixes ?? []).some((prefix) => context.keyExists(`${prefix}.${String(value)}`, keys));
        if (!labelled)
          problems.push(
            `${where}: /columns/${index} has no text for the value "${String(value)}" of ${column.field} in locales/${language}`,
          );
      }
    }
  });
  // row actions' conditions and gates, and the rows' data attributes, read fields of the row too
  const rowFields: [string, string][] = [];
  ((declaration.rowActions ?? []) as ListActionFields[]).forEach((action, index) => {
    for (const kind of ['visibleWhen', 'enabledWhen'] as const) {
      (action[kind] ?? []).forEach((condition, at) => rowFields.push([`/rowActions/${index}/${kind}/${at}/field`, condition.field]));
    }
    if (action.gateField) rowFields.push([`/rowActions/${index}/gateField`, action.gateField]);
    // a param may name a field inside a field (document.nameZh): the row's own field is checked
    for (const [param, path] of Object.entries(action.confirm?.params ?? {}))
      rowFields.push([`/rowActions/${index}/confirm/params/${param}`, path.split('.')[0] ?? path]);
  });
  for (const [name, field] of Object.entries((declaration.rowData ?? {}) as Record<string, string>))
    rowFields.push([`/rowData/${name}`, field]);
  // the host's facts ride on every row (ListHost.facts); a fact that shadows a field of the row would be hidden by it
  const hostFacts = new Set((declaration.hostFacts ?? []) as string[]);
  for (const fact of hostFacts) {
    if (properties[fact])
      problems.push(
        `${where}: /hostFacts "${fact}" is a property of the item schema ${schemaName} already (the row's own field would hide it)`,
      );
  }
  for (const [pointer, field] of rowFields) {
    if (!properties[field] && !hostFacts.has(field))
      problems.push(`${where}: ${pointer} "${field}" is not a property of the item schema ${schemaName}`);
  }
  if (typeof declaration.rowLink === 'string') {
    for (const [, param] of declaration.rowLink.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)) {
      if (param && !properties[param])
        problems.push(`${where}: /rowLink parameter ":${param}" is not a property of the item schema ${schemaName}`);
    }
  }
  return problems;
}
