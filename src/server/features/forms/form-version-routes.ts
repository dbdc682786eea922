import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { formVersionsApiPaths as paths, type FormDraftSave, type FormPublishRequest } from '../../../shared/form-versions-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import { signedIn } from '../../auth/authenticate.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { AppError } from '../../http/app-error.js';
import { bearer, path } from '../../http/route-helpers.js';
import { paramsOf } from '../../http/route-parts.js';
import type { FormVersions } from './form-versions.js';
import type { FormDrafts } from './form-drafts.js';

export interface FormVersionRouteServices {
  formVersions: FormVersions;
  formDrafts: FormDrafts;
}

type Named = { Params: { name: string } };
type Versioned = { Params: { name: string; version: string } };

/** Free-form JSON (a form's document): described by the types of src/shared/form-versions-api.ts. */
const anyJson = { description: 'see src/shared/form-versions-api.ts' };
const tags = ['console forms'];
/** {name}, {version}, {from}, {to}: bounded, so a valid path never trips the router's parameter length */
const formParams = paramsOf('form-version-params');

/**
 * Organisers only, checked right after sign-in (the first preValidation hook) and before the
 * parameters and body are validated or read: any other account gets 403, never a 400 about a
 * request it may not make at all. The services check again (they are called from scripts too).
 */
const organiserOnly: preValidationHookHandler = (request, _reply, done) => {
  assertOrganiser(signedIn(request));
  done();
};

function versionOf(text: string): number {
  const version = Number(text);
  if (!Number.isInteger(version) || version < 1) throw new AppError('formVersionNotFound', { version: text });
  return version;
}

function publishBody(request: FastifyRequest): FormPublishRequest {
  const body = (request.body ?? {}) as Partial<FormPublishRequest>;
  if (!Number.isInteger(body.confirmedAffected))
    throw new AppError('formDocumentMalformed', { details: 'confirmedAffected must be a whole number' });
  return {
    confirmedAffected: body.confirmedAffected as number,
    ...(Number.isInteger(body.baseRevision) ? { baseRevision: body.baseRevision } : {}),
  };
}

/** The organisers' form editor: drafts, checks, the stored-records diff, publish, rollback, history. */
export async function formVersionRoutes(app: FastifyInstance, { formVersions, formDrafts }: FormVersionRouteServices): Promise<void> {
  const get = (url: string, summary: string, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.get(path(url), {
      schema: { tags, summary, security: bearer, ...(url.includes(':') ? formParams : {}), response: envelope(anyJson, summary) },
      preValidation: organiserOnly,
      handler: async (request, reply) => {
        noStore(reply);
        return ok(request, await handler(request));
      },
    });
  const write = (method: 'post' | 'put' | 'delete', url: string, summary: string, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app[method](path(url), {
      schema: {
        tags,
        summary,
        security: bearer,
        ...(url.includes(':') ? formParams : {}),
        response: envelope(method === 'delete' ? nothing : anyJson, summary),
      },
      preValidation: organiserOnly,
      handler: async (request) => ok(request, (await handler(request)) ?? null),
    });

  get(paths.formList, 'The forms organisers change, each with its live and draft versions', (request) =>
    formVersions.list(signedIn(request)),
  );
  get(paths.formHistory(':name'), "A form's versions, newest first (who, when, state)", (request) =>
    formVersions.history(signedIn(request), (request as FastifyRequest<Named>).params.name),
  );
  get(paths.formVersion(':name', ':version' as never), "One version's document (schema, UI schemas, labels) and revision", (request) => {
    const { name, version } = (request as FastifyRequest<Versioned>).params;
    return formVersions.version(signedIn(request), name, versionOf(version));
  });
  get(paths.formDraft(':name'), "The form's draft (404 when there is none)", (request) =>
    formVersions.draft(signedIn(request), (request as FastifyRequest<Named>).params.name),
  );
  write('put', paths.formDraft(':name'), 'Save the draft (baseRevision: the one loaded; 409 names who changed it since)', (request) =>
    formVersions.saveDraft(signedIn(request), (request as FastifyRequest<Named>).params.name, request.body as FormDraftSave),
  );
  write('delete', paths.formDraft(':name'), 'Discard the draft', (request) =>
    formVersions.discardDraft(signedIn(request), (request as FastifyRequest<Named>).params.name),
  );
  write('post', paths.formDraftCheck(':name'), "The draft's problems, by the rules codegen applies to the files", async (request) => {
    const who = signedIn(request);
    const { name } = (request as FastifyRequest<Named>).params;
    const body = (request.body ?? {}) as { document?: unknown };
    return formDrafts.check(name, await formVersions.draftDocument(who, name, body.document));
  });
  get(
    paths.formDraftStoredRecords(':name'),
    'The stored records of this edition the draft would change, per field, and the list',
    async (request) => {
      const who = signedIn(request);
      const { name } = (request as FastifyRequest<Named>).params;
      const limit = Number((request.query as { limit?: string }).limit ?? 200);
      return formDrafts.storedRecords(
        name,
        await formVersions.draftDocument(who, name),
        Number.isInteger(limit) && limit >= 0 ? limit : 200,
      );
    },
  );
  write(
    'post',
    paths.formDraftPublish(':name'),
    'Publish the draft (confirmedAffected: the count of records the organiser saw; 409 when it changed)',
    async (request) => {
      const version = await formVersions.publish(signedIn(request), (request as FastifyRequest<Named>).params.name, publishBody(request));
      return { version, validatorUrl: (await formDrafts.validatorOfVersion((request as FastifyRequest<Named>).params.name, version)).url };
    },
  );
  write(
    'post',
    paths.formDraftValidator(':name'),
    "The draft's validator module, compiled on the server, for the preview",
    async (request) => {
      const who = signedIn(request);
      const { name } = (request as FastifyRequest<Named>).params;
      const body = (request.body ?? {}) as { document?: unknown };
      return formDrafts.validatorOf(name, await formVersions.draftDocument(who, name, body.document));
    },
  );
  write(
    'post',
    paths.formRollback(':name', ':version' as never),
    'Publish a copy of an earlier version as a new version',
    async (request) => {
      const { name, version } = (request as FastifyRequest<Versioned>).params;
      const published = await formVersions.rollback(signedIn(request), name, versionOf(version), publishBody(request));
      return { version: published, validatorUrl: (await formDrafts.validatorOfVersion(name, published)).url };
    },
  );
  get(paths.formVersionDiff(':name', ':from' as never, ':to' as never), 'Field-by-field difference between two versions', (request) => {
    const { name, from, to } = (request as FastifyRequest<{ Params: { name: string; from: string; to: string } }>).params;
    return formVersions.compare(signedIn(request), name, versionOf(from), versionOf(to));
  });
  get(paths.formVersionValidator(':name', ':version' as never), "A version's validator module", async (request) => {
    const { name, version } = (request as FastifyRequest<Versioned>).params;
    await formVersions.version(signedIn(request), name, versionOf(version));
    return formDrafts.validatorOfVersion(name, versionOf(version));
  });
}
