import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/api-paths.js';
import { swaggerOptions, type DocumentParts, type Json } from './openapi-options.js';
import { LiveOpenApi } from './openapi-live.js';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const parts: DocumentParts = { components: {}, formBodies: [] };
  await app.register(swagger, swaggerOptions(parts));
  // a publish changes the bodies of its form: the document follows the published versions
  const live = new LiveOpenApi(
    () => app.swagger() as unknown as Json,
    parts,
    (error) => app.log.warn({ err: error }, "OpenAPI document of the published form versions failed; the build's is served"),
  );
  app.addHook('onClose', async () => live.close());
  await app.register(swaggerUi, {
    routePrefix: `${API_BASE}/docs`,
    staticCSP: true,
    // the docs page keeps the app's rules: nothing may frame it, no <base>, no remote validator
    transformStaticCSP: (header) =>
      header
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', '')
        .replace(' upgrade-insecure-requests;', ''),
    uiConfig: { validatorUrl: null },
    // the docs page reads the document of the published versions once it is built (its read is synchronous)
    transformSpecification: (document) => live.ready() ?? document,
    transformSpecificationClone: false,
  });
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => live.document());
}
