/**
 * The OpenAPI document is 3.1, whose Schema Objects are JSON Schema 2020-12: a conditional rule of
 * a schema (if/then) is in the document as written, every schema in it is a valid 2020-12 schema,
 * nothing of 3.0 (nullable) is left, and every reference resolves.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { rootSchemas } from '../../src/generated/validator-map.js';
import { useTestApp } from './helpers/test-app.js';

type Json = Record<string, unknown>;

interface Operation {
  requestBody?: { content: Record<string, { schema: Json }> };
  parameters?: { schema: Json }[];
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}

interface OpenApi {
  openapi: string;
  jsonSchemaDialect?: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** Every Schema Object of the document: components, request bodies, parameters, answers. */
function schemasOf(doc: OpenApi): [string, Json][] {
  const found: [string, Json][] = Object.entries(doc.components.schemas).map(([name, schema]) => [`components/${name}`, schema]);
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const content of Object.values(operation.requestBody?.content ?? {})) found.push([`${where} body`, content.schema]);
      for (const parameter of operation.parameters ?? []) found.push([`${where} parameter`, parameter.schema]);
      for (const [status, response] of Object.entries(operation.responses))
        for (const content of Object.values(response.content ?? {})) found.push([`${where} ${status}`, content.schema]);
    }
  }
  return found;
}

describe('OpenAPI document', () => {
  const t = useTestApp('sqlite');

  it('is OpenAPI 3.1 and carries a conditional rule of a schema as written (if/then)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as OpenApi;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://spec.openapis.org/oas/3.1/dialect/base');
    // the attendance intention: a speaking topic is required when speaking is needed
    const schema = rootSchemas['attendance-intention'] as Json;
    const body = doc.paths['/exhibition/qms/guest/{id}/intention']?.put?.requestBody?.content['application/json']?.schema ?? {};
    expect(schema.then).toEqual({ required: ['speakingTopic'] });
    expect(body.then).toEqual(schema.then);
    const condition = body.if as { properties: { speakingNeed: Json }; required: string[] };
    expect(condition.required).toEqual((schema.if as Json).required);
    // const may be written as a one-value enum: the same rule
    expect([{ const: true }, { enum: [true] }]).toContainEqual(condition.properties.speakingNeed);
  });

  it('holds valid JSON Schema 2020-12 schemas only: no 3.0 nullable, every $ref resolves', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' });
    const doc = response.json() as OpenApi;
    expect(response.body).not.toContain('"nullable"');
    expect(response.body).toMatch(/"type":\["string","null"\]/);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas = schemasOf(doc);
    expect(schemas.length).toBeGreaterThan(100);
    for (const [where, schema] of schemas) expect(ajv.validateSchema(schema), `${where}: ${ajv.errorsText()}`).toBe(true);
    const refs = new Set([...response.body.matchAll(/"\$ref":"([^"]*)"/g)].map((match) => match[1] ?? ''));
    expect(refs.size).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas, ref).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
  });
});
