/**
 * Screen declarations (ui-schemas/screens/*.json) are data the client runs; a typo in one would
 * pass typecheck and only fail on screen. Codegen checks them: the shape against
 * screen-declaration.schema.json, ids and routes unique, the file named after the id, and every
 * name a declaration uses must exist: schemas (a wizard's context too), UI schemas
 * (ui-schemas/<name>.json), operations, wizard save calls, panels and list cells in code
 * (code-names.ts), tab screens, and i18n keys in both languages. Wizard sources and gates are
 * checked against the wizard's context schema, route params against the route
 * (declaration-context-lint.ts); list declarations in list-declaration-lint.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import type { CodeNames } from './code-names.js';
import { lintLeanForm } from './lean-form-lint.js';
import { lintListDeclaration } from './list-declaration-lint.js';
import type { JsonSchema } from './schema-files.js';
import { lintRouteParams, lintWizardContext, type SchemaOf } from './declaration-context-lint.js';
import { JsonSyntaxError, parseJsonText } from './json-file.js';

const declarationSchema = JSON.parse(fs.readFileSync(new URL('./screen-declaration.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
const validateShape = new Ajv({ allErrors: true, strict: false }).compile(declarationSchema);

export interface DeclarationSource {
  file: string;
  declaration: unknown;
}

export interface DeclarationLintInput {
  declarations: DeclarationSource[];
  schemaNames: Set<string>;
  /** source schemas by name and schemas/definitions.json#/definitions: what list columns read */
  schemas: Map<string, JsonSchema>;
  definitions: Record<string, JsonSchema>;
  /** a schema's content, bundled (a wizard's sources and gates are its properties) */
  schemaOf: SchemaOf;
  uiSchemaNames: Set<string>;
  /** a UI schema's content (ui-schemas/<name>.json): what a lean form's widgets are checked in */
  uiSchemaOf?: (name: string) => Record<string, unknown> | undefined;
  codeNames: CodeNames;
  /** 'namespace.path.to.key' per language */
  localeKeys: Record<string, Set<string>>;
}

export function readDeclarations(screensDir: string): DeclarationSource[] {
  if (!fs.existsSync(screensDir)) return [];
  return fs
    .readdirSync(screensDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(screensDir, file), 'utf8');
      try {
        return { file, declaration: parseJsonText(text, `ui-schemas/screens/${file}`) };
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        return { file, declaration: error };
      }
    });
}

export function readUiSchemaNames(uiSchemasDir: string): Set<string> {
  if (!fs.existsSync(uiSchemasDir)) return new Set();
  return new Set(
    fs
      .readdirSync(uiSchemasDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, '')),
  );
}

/** How the client resolves a key: `ns:key`, else the `client` namespace, else `<namespace>.key`. */
function keyExists(key: string, keys: Set<string>): boolean {
  const colon = key.indexOf(':');
  if (colon > 0) return keys.has(`${key.slice(0, colon)}.${key.slice(colon + 1)}`);
  return keys.has(`client.${key}`) || keys.has(key);
}

type Reference = 'schema' | 'uiSchema' | 'operation' | 'save' | 'panel' | 'cell' | 'screen' | 'i18n';

const REFERENCE_OF_KEY: Record<string, Reference> = {
  schema: 'schema',
  itemSchema: 'schema',
  context: 'schema',
  uiSchema: 'uiSchema',
  load: 'operation',
  submit: 'operation',
  reveal: 'operation',
  operation: 'operation',
  gateOperation: 'operation',
  save: 'save',
  panel: 'panel',
  cell: 'cell',
  screen: 'screen',
};

function referenceOf(key: string): Reference | undefined {
  return REFERENCE_OF_KEY[key] ?? (/Key$/.test(key) ? 'i18n' : undefined);
}

/** Every string a declaration names, with the kind of thing it names and where. */
function references(value: unknown, pointer: string, found: { kind: Reference; name: string; pointer: string }[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => references(item, `${pointer}/${i}`, found));
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const kind = referenceOf(key);
    if (kind && typeof child === 'string') found.push({ kind, name: child, pointer: `${pointer}/${key}` });
    else references(child, `${pointer}/${key}`, found);
  }
}

export function lintDeclarations(input: DeclarationLintInput): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  const valid: { where: string; declaration: Record<string, unknown> }[] = [];
  for (const { file, declaration } of input.declarations) {
    const where = `ui-schemas/screens/${file}`;
    if (declaration instanceof JsonSyntaxError) {
      problems.push(...declaration.problems);
      continue;
    }
    if (!validateShape(declaration)) {
      for (const error of validateShape.errors ?? []) {
        if (error.keyword === 'if') continue;
        const extra =
          error.keyword === 'additionalProperties'
            ? ` "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`
            : '';
        problems.push(`${where}: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}${extra}`);
      }
      continue;
    }
    const record = declaration as Record<string, unknown>;
    const id = String(record.id);
    if (`${id}.json` !== file) problems.push(`${where}: id "${id}" must match the file name`);
    if (ids.has(id)) problems.push(`${where}: id "${id}" is also declared in ${ids.get(id)}`);
    ids.set(id, where);
    if (typeof record.route === 'string') {
      if (routes.has(record.route)) problems.push(`${where}: route "${record.route}" is also declared in ${routes.get(record.route)}`);
      routes.set(record.route, where);
    }
    valid.push({ where, declaration: record });
  }

  // a form without a route of its own is shown on the route of the tabs screen holding it
  const tabRoutes = new Map<string, string>();
  for (const { declaration } of valid) {
    if (declaration.kind !== 'tabs' || typeof declaration.route !== 'string') continue;
    for (const tab of declaration.tabs as { screen: string }[]) tabRoutes.set(tab.screen, declaration.route);
  }

  const exists: Record<Exclude<Reference, 'i18n'>, (name: string) => boolean> = {
    schema: (name) => input.schemaNames.has(name),
    uiSchema: (name) => input.uiSchemaNames.has(name),
    operation: (name) => input.codeNames.operations.has(name),
    save: (name) => input.codeNames.saves.has(name),
    panel: (name) => input.codeNames.panels.has(name),
    cell: (name) => input.codeNames.cells.has(name),
    screen: (name) => ids.has(name),
  };
  const whereDefined: Record<Exclude<Reference, 'i18n'>, string> = {
    schema: 'schemas/<name>.json',
    uiSchema: 'ui-schemas/<name>.json',
    operation: 'src/client (a variable named *operations)',
    save: 'src/client (a variable named *saves)',
    panel: 'src/client (a variable named *panels)',
    cell: 'src/client (a variable named *cells)',
    screen: 'ui-schemas/screens',
  };
  for (const { where, declaration } of valid) {
    const found: { kind: Reference; name: string; pointer: string }[] = [];
    references(declaration, '', found);
    for (const { kind, name, pointer } of found) {
      if (kind === 'i18n') {
        for (const [language, keys] of Object.entries(input.localeKeys)) {
          if (!keyExists(name, keys)) problems.push(`${where}: ${pointer} names i18n key "${name}", missing in locales/${language}`);
        }
      } else if (!exists[kind](name)) {
        problems.push(`${where}: ${pointer} names ${kind} "${name}", which does not exist in ${whereDefined[kind]}`);
      }
    }
    if (declaration.kind === 'list') {
      problems.push(
        ...lintListDeclaration(where, declaration, {
          schemas: input.schemas,
          definitions: input.definitions,
          localeKeys: input.localeKeys,
          keyExists,
        }),
      );
    }
    if (declaration.kind === 'wizard') problems.push(...lintWizardContext(where, declaration, input.schemaOf));
    problems.push(...lintLeanForm(where, declaration, input.schemaOf, input.uiSchemaOf ?? (() => undefined)));
    // a list's load gets the route params like a form's operations: its route must have those it reads
    if (declaration.kind === 'form' || declaration.kind === 'list') {
      const route = typeof declaration.route === 'string' ? declaration.route : tabRoutes.get(String(declaration.id));
      problems.push(...lintRouteParams(where, declaration, route, input.codeNames.operationParams));
    }
  }
  return problems;
}
