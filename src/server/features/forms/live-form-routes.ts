import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formVersionsApiPaths as paths, FORM_VALIDATORS_PREFIX, isEditableForm, type LiveForm } from '../../../shared/form-versions-api.js';
import { ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import { AppError } from '../../http/app-error.js';
import { path } from '../../http/route-helpers.js';
import type { FormDrafts } from './form-drafts.js';
import type { FormVersions } from './form-versions.js';

export interface LiveFormRouteServices {
  formVersions: FormVersions;
  formDrafts: FormDrafts;
}

const anyJson = { description: 'see src/shared/form-versions-api.ts' };

/** What registrant forms render: the published version of a form (open, as the forms are). */
export async function liveFormRoutes(app: FastifyInstance, { formVersions, formDrafts }: LiveFormRouteServices): Promise<void> {
  const tags = ['forms'];
  app.get(path(paths.liveVersions), {
    schema: {
      tags,
      summary: 'The live version of every form organisers change (an open page polls it to see a publish)',
      response: envelope(anyJson, 'versions'),
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(request, await formVersions.liveVersions());
    },
  });
  app.get(path(paths.liveForm(':name')), {
    schema: {
      tags,
      summary: 'The live version of a form: bundled schema, UI schemas, labels and its validator module',
      response: envelope(anyJson, 'the form'),
    },
    handler: async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
      const { name } = request.params;
      if (!isEditableForm(name)) throw new AppError('formUnknown', { name });
      const live = await formDrafts.live(name);
      reply.header('cache-control', 'no-cache');
      const answer: LiveForm = {
        name,
        version: live.version,
        schema: live.bundled,
        uiSchemas: live.document.uiSchemas,
        labels: live.document.labels,
        validator: live.module,
      };
      return ok(request, answer);
    },
  });
}

const SHA256_FILE = /^([0-9a-f]{64})\.js$/;

/** The compiled validator modules, same-origin and immutable (their URL is their content's hash). */
export async function formValidatorModuleRoutes(
  app: FastifyInstance,
  { formDrafts }: Pick<LiveFormRouteServices, 'formDrafts'>,
): Promise<void> {
  app.get(
    `${FORM_VALIDATORS_PREFIX}:file`,
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      const sha = SHA256_FILE.exec(request.params.file)?.[1];
      const code = sha ? await formDrafts.moduleCode(sha) : undefined;
      if (!code) return reply.code(404).type('text/plain; charset=utf-8').send('no such module');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(code);
    },
  );
}
