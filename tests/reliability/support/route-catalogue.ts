/**
 * Every route of the app with its JSON schemas, read from the app's own OpenAPI document
 * (built by @fastify/swagger from the route schemas), so a route added later is fuzzed and
 * access-checked without touching this suite. `$ref`s into components are inlined.
 */
import type { FastifyInstance } from 'fastify';

export type JsonSchema = Record<string, unknown>;

export interface RouteInfo {
  method: string;
  /** OpenAPI form: /exhibition/qms/guest/{id} */
  path: string;
  pathParams: string[];
  /** object schema of the path parameters (properties + required) */
  params: JsonSchema | null;
  query: JsonSchema | null;
  body: JsonSchema | null;
  multipart: boolean;
  /** declares bearer security: a signed-in route */
  signedIn: boolean;
  /** the `key` for reports: "PUT /exhibition/qms/guest/{id}" */
  key: string;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function inline(node: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 40) throw new Error('schema reference cycle');
  if (Array.isArray(node)) return node.map((item) => inline(item, components, depth + 1));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      const target = components[value.slice('#/components/schemas/'.length)];
      if (!target) throw new Error(`unresolved ${value}`);
      // a $ref with siblings (x-i18n...) keeps them; the target's constraints come first
      Object.assign(out, inline(target, components, depth + 1) as JsonSchema);
    } else {
      out[key] = inline(value, components, depth + 1);
    }
  }
  return out;
}

function objectOf(parameters: OpenApiParameter[], components: Record<string, JsonSchema>): JsonSchema | null {
  if (parameters.length === 0) return null;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    properties[parameter.name] = inline(parameter.schema ?? { type: 'string' }, components);
    if (parameter.required) required.push(parameter.name);
  }
  return { type: 'object', properties, required };
}

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/exhibition/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

export async function routeCatalogue(app: FastifyInstance): Promise<RouteInfo[]> {
  return routesOf(await openApiDocument(app));
}

export function routesOf(document: OpenApiDocument): RouteInfo[] {
  const components = document.components?.schemas ?? {};
  const routes: RouteInfo[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        params: objectOf(
          parameters.filter((p) => p.in === 'path'),
          components,
        ),
        query: objectOf(
          parameters.filter((p) => p.in === 'query'),
          components,
        ),
        body: json ? (inline(json, components) as JsonSchema) : null,
        multipart: 'multipart/form-data' in content,
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
        key: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return routes;
}
