/**
 * Checks of screen declarations that need more than a name lookup (declaration-lint.ts calls them):
 * - a wizard's step sources are properties of its context schema and its gates (editableWhen)
 *   properties of that schema's `gates` object, so a renamed part or gate fails codegen;
 * - the operations of a routed form read only the route params its route has, as does a
 *   `navigate` target. An operation reads params by destructuring its second parameter
 *   (`(data, { id }) => ...`, code-names.ts); one taking them whole cannot be checked and is refused.
 */
import type { JsonSchema } from './schema-files.js';

/** A schema by name, bundled (shared definitions local), or undefined when there is none. */
export type SchemaOf = (name: string) => JsonSchema | undefined;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** Follows local `#/definitions/x` references (bundled schemas hold their definitions). */
function resolve(schema: unknown, root: JsonSchema): Json | undefined {
  let current = schema;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 20; depth += 1) {
    const match = /^#\/definitions\/([^/]+)$/.exec(current.$ref);
    current = match ? (root.definitions as Json | undefined)?.[match[1] as string] : undefined;
  }
  return isObject(current) ? current : undefined;
}

/** The properties a schema declares at its top (its own and those of its allOf parts). */
function propertiesOf(schema: unknown, root: JsonSchema): Json {
  const resolved = resolve(schema, root);
  if (!resolved) return {};
  const parts = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  return Object.assign(
    {},
    ...parts.map((part) => propertiesOf(part, root)),
    isObject(resolved.properties) ? resolved.properties : {},
  ) as Json;
}

export function lintWizardContext(where: string, declaration: Json, schemaOf: SchemaOf): string[] {
  const contextName = String(declaration.context);
  const context = schemaOf(contextName);
  // a missing context schema is reported with the other names (declaration-lint.ts)
  if (!context) return [];
  const parts = propertiesOf(context, context);
  const gates = propertiesOf(parts.gates, context);
  const problems: string[] = [];
  const steps = Array.isArray(declaration.steps) ? (declaration.steps as Json[]) : [];
  steps.forEach((step, index) => {
    const pointer = `/steps/${index}`;
    const sources: [string, unknown][] = [
      [`${pointer}/source`, step.source],
      [`${pointer}/alsoShow/source`, isObject(step.alsoShow) ? step.alsoShow.source : undefined],
    ];
    for (const [at, source] of sources) {
      if (typeof source === 'string' && !(source in parts)) {
        problems.push(`${where}: ${at} names "${source}", which is not a property of the context schema "${contextName}"`);
      }
    }
    if (typeof step.editableWhen === 'string' && !(step.editableWhen in gates)) {
      problems.push(
        `${where}: ${pointer}/editableWhen names gate "${step.editableWhen}", which the context schema "${contextName}" does not declare in its gates`,
      );
    }
  });
  return problems;
}

/** The `:name` params of a route path (`/guests/:id/edit` -> ['id']). */
export function routeParamNames(route: string): string[] {
  return route.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1).replace(/\?$/, '')] : []));
}

/**
 * `route` is the path the form or list is shown on: its own, or that of the tabs screen holding
 * it (undefined: nowhere routed, so it may read no params).
 */
export function lintRouteParams(
  where: string,
  declaration: Json,
  route: string | undefined,
  operationParams: Map<string, string[] | null>,
): string[] {
  const problems: string[] = [];
  const available = new Set(route ? routeParamNames(route) : []);
  const onRoute = route ? `route "${route}"` : 'the declaration (it has no route)';
  for (const key of ['load', 'submit']) {
    const operation = declaration[key];
    if (typeof operation !== 'string') continue;
    const reads = operationParams.get(operation);
    if (reads === null) {
      problems.push(
        `${where}: /${key} operation "${operation}" takes the route params whole; destructure the ones it reads ((data, { id }) => ...) so codegen can check them`,
      );
      continue;
    }
    for (const param of reads ?? []) {
      if (!available.has(param))
        problems.push(`${where}: /${key} operation "${operation}" reads route param "${param}", which ${onRoute} does not have`);
    }
  }
  const success = isObject(declaration.success) ? declaration.success : undefined;
  if (typeof success?.to === 'string') {
    for (const param of routeParamNames(success.to)) {
      if (!available.has(param)) problems.push(`${where}: /success/to uses route param "${param}", which ${onRoute} does not have`);
    }
  }
  return problems;
}
