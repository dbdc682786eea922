import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { temporaryApiPaths } from '../../../shared/temporary-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { sessionTokenOf } from '../../http/session-cookie.js';
import type { Authenticate } from '../../auth/authenticate.js';
import { guarded, type LimitRule } from '../../plugins/rate-limits.js';
import { bodyOf, path } from '../../http/route-helpers.js';
import { handlePacedUpload } from '../../uploads/paced-upload.js';
import type { TemporaryRecommendations } from './temporary-recommendations.js';
import type { TemporaryRegistrations } from './temporary-registrations.js';
import { temporaryMaxBytes, type TemporaryUploads } from './temporary-uploads.js';
import { systemClock } from '../../clock.js';

/**
 * Limits of the open routes (per IP: nobody is signed in). An upload is checked in about the
 * time of a photo without face detection; a registration is one row. A household or an office
 * shares one address, hence not tighter.
 */
export const temporaryLimits = {
  upload: { perIp: 20, windowMs: 10 * 60_000 },
  register: { perIp: 30, windowMs: 60 * 60_000 },
  recommend: { perIp: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, LimitRule>;

/** The pages are open to signed-in users too: a valid session (bearer or cookie) is recorded, a stale one ignored. */
async function optionalAccount(request: FastifyRequest, authenticate: Authenticate) {
  if (!sessionTokenOf(request)) return null;
  try {
    await authenticate(request);
    return request.account;
  } catch {
    return null;
  }
}

export interface OpenServices {
  registrations: TemporaryRegistrations;
  uploads: TemporaryUploads;
  recommendations: TemporaryRecommendations;
  authenticate: Authenticate;
}

/** Open routes (no sign-in): registration, its picture upload, the recommendation form. */
export async function temporaryOpenRoutes(app: FastifyInstance, services: OpenServices): Promise<void> {
  const { registrations, uploads, recommendations, authenticate } = services;
  const tags = ['temporary'];

  app.post<{ Body: SchemaData<'temporary-registration'>; Reply: Answer<'response-temporary-receipt'> }>(path(temporaryApiPaths.register), {
    schema: {
      tags,
      summary:
        'Temporary registration (worker, volunteer, media), open. The invitation code binds the event and attendance mode; refusals: 10001/10002, "no event bound", "no attendance mode", "event discarded"; the picture is an id from qms/temporary/upload, used once; one registration per mobile and type.',
      response: envelope('response-temporary-receipt', 'the registration, pending review'),
      ...bodyOf('temporary-registration'),
    },
    ...guarded(app, temporaryLimits.register),
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await registrations.submit(request.body, await optionalAccount(request, authenticate)));
    },
  });

  await app.register(async (uploadScope) => {
    await uploadScope.register(multipart, {
      limits: { fileSize: temporaryMaxBytes() + 1, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 50 },
      throwFileSizeLimit: false,
    });
    uploadScope.post<{ Reply: Answer<'response-uploaded-file'> }>(path(temporaryApiPaths.upload), {
      schema: {
        tags,
        summary:
          'Open upload of the temporary registration picture (multipart: `rule`=pictureJpg, then `file`). JPG only, at most 1 MB, content sniffed; rate-limited per IP.',
        consumes: ['multipart/form-data'],
        response: envelope('response-uploaded-file', 'the stored picture'),
      },
      ...guarded(uploadScope, temporaryLimits.upload),
      handler: async (request, reply) =>
        handlePacedUpload(request, reply, {
          storage: uploads.storage,
          journal: uploads.journal,
          maxBytes: temporaryMaxBytes(),
          // whatever rule the form names, this path only takes the temporary picture
          limitOf: () => temporaryMaxBytes(),
          keep: (file, incoming) => uploads.keep(file, incoming, systemClock.nowIso()),
        }),
    });
  });

  app.get<{ Reply: Answer<'response-temporary-recommend-status'> }>(path(temporaryApiPaths.recommendStatus), {
    schema: {
      tags,
      summary: 'Whether /tempActRecommendInvite takes recommendations (closed with sign-up or after the registration end date)',
      response: envelope('response-temporary-recommend-status', 'open or closed'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, { open: await recommendations.isOpen() });
    },
  });

  app.post<{ Body: SchemaData<'temporary-recommend-invite'>; Reply: Answer<'response-temporary-recommendation-receipt'> }>(
    path(temporaryApiPaths.recommend),
    {
      schema: {
        tags,
        summary: 'Recommend a person to invite to an activity, open; "closed" once the page is closed',
        response: envelope('response-temporary-recommendation-receipt', 'the stored recommendation'),
        ...bodyOf('temporary-recommend-invite'),
      },
      ...guarded(app, temporaryLimits.recommend),
      handler: async (request, reply) => {
        noStore(reply);
        return ok(request, await recommendations.submit(request.body));
      },
    },
  );
}
