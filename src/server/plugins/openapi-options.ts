/** The options the OpenAPI document is built with (plugins/openapi.ts), shared by the live document's bodies (openapi-live.ts). */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { isEditableForm } from '../../shared/form-versions-api.js';
import { schemaNameOf } from '../http/schema-loader.js';

export type Json = Record<string, unknown>;

/** OpenAPI 3.1's default dialect (JSON Schema 2020-12 with the OpenAPI vocabulary), named so readers need not assume it. */
const OPENAPI_31_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/**
 * Route schemas are codegen bundles with draft-07 `#/definitions/...`. OpenAPI wants shared
 * parts under components.schemas, so definitions are lifted there and references rewritten
 * (on copies: the originals carry the `$id` the validators are looked up by). `$schema` goes too:
 * the document's Schema Objects are read in its own dialect (JSON Schema 2020-12), which says
 * what the schemas use (if/then/else, type arrays with "null", const, allOf) as draft-07 does.
 */
function liftDefinitions(node: unknown, components: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => liftDefinitions(item, components));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'definitions' && value && typeof value === 'object') {
      for (const [name, definition] of Object.entries(value as Json)) {
        if (!(name in components)) components[name] = liftDefinitions(definition, components);
      }
    } else if (key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')) {
      out.$ref = `#/components/schemas/${value.slice('#/definitions/'.length)}`;
    } else if (key !== '$schema' && key !== '$id') {
      out[key] = liftDefinitions(value, components);
    }
  }
  return out;
}

/** What building one document collects: the lifted definitions, and which operations take a form's document as their body. */
export interface DocumentParts {
  components: Json;
  formBodies: FormBody[];
}

/** An operation of the document whose request body is a form kept as versions (a publish changes it). */
export interface FormBody {
  path: string;
  method: string;
  form: string;
}

/** marks a form's body while the document is built; taken out again before the document is done */
const FORM_MARK = 'x-live-form';

/**
 * The options of @fastify/swagger, for the app's document and for the live one's bodies
 * (openapi-live.ts): the same conversions, so a form's body reads the same from either.
 */
export function swaggerOptions(parts: DocumentParts): FastifyDynamicSwaggerOptions {
  const { components } = parts;
  return {
    openapi: {
      // 3.1: Schema Objects are JSON Schema 2020-12, so a conditional rule (if/then/else) is read as
      // written; 3.0 had no such keywords and its readers ignored them
      openapi: '3.1.0',
      info: {
        title: 'Summit registration portal API',
        version: '1',
        description:
          'Every answer is an envelope { code, msg, data }. A sign-in sets the session in an HttpOnly cookie ' +
          '(summit_session; __Host-summit_session when Secure); browsers send it back, and their state-changing ' +
          'calls on it must carry an Origin (or Referer) of the portal, else 403. API clients may instead send ' +
          'that cookie value as Authorization: Bearer <token> (no origin check). accept-language: zh-CN (default) or en chooses the language of msg. ' +
          'Errors: the HTTP status equals code (400 with fieldErrors [{ pointer, key, message }] on invalid input, ' +
          '401 sign in again, 403, 404, 409, 429 too many requests, 500 with requestId); invitation-code errors ' +
          '10001-10007 come with HTTP 400. Outside production GET /exhibition/dev/outbox?to=... shows every code sent, ' +
          'and the answer of each image code (to = its uuid).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'summit_session' },
        },
      },
    },
    // the route transforms below fill `components` while the document is built; attach them last
    transformObject: (documentObject) => {
      const openapi = (documentObject as { openapiObject: Json & { components?: Json } }).openapiObject;
      parts.formBodies = takeFormMarks(openapi);
      openapi.components = { ...openapi.components, schemas: { ...components } };
      return { ...openapi, jsonSchemaDialect: OPENAPI_31_DIALECT } as never;
    },
    transform: ({ schema, url }) => {
      if (!schema) return { schema, url };
      const copy: Json = { ...(schema as Json) };
      for (const part of ['body', 'querystring', 'params', 'response']) {
        if (copy[part]) copy[part] = liftDefinitions(copy[part], components);
      }
      const form = schemaNameOf(schema.body);
      if (form && isEditableForm(form)) (copy.body as Json)[FORM_MARK] = form;
      return { schema: copy as never, url };
    },
  };
}

/** The operations whose body carries the mark (taken out: the document stays as it was without it). */
function takeFormMarks(openapi: Json): FormBody[] {
  const found: FormBody[] = [];
  const paths = (openapi.paths ?? {}) as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Json }> } }>>;
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations))
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const form = media.schema?.[FORM_MARK];
        if (typeof form !== 'string') continue;
        delete media.schema![FORM_MARK];
        if (!found.some((body) => body.path === path && body.method === method)) found.push({ path, method, form });
      }
  return found;
}
