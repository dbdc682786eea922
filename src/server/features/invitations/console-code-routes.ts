import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../../shared/console-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { CodesAdmin } from './codes-admin.js';

export interface ConsoleCodeRouteServices {
  codes: CodesAdmin;
}

/** Organisers' invitation codes: list with usage and state, batch creation, revocation. */
export async function consoleCodeRoutes(app: FastifyInstance, { codes }: ConsoleCodeRouteServices): Promise<void> {
  const tags = ['console'];

  app.get<{ Querystring: SchemaData<'invitation-code-page-query'>; Reply: Answer<'response-code-page'> }>(path(paths.codePage), {
    schema: {
      tags,
      summary: 'Invitation codes of the current edition with company, guest type, review rule, usage count, expiry and state',
      security: bearer,
      response: envelope('response-code-page', 'a page of codes'),
      ...queryOf('invitation-code-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await codes.page(signedIn(request), request.query));
    },
  });

  app.post<{ Body: SchemaData<'invitation-code-batch'>; Reply: Answer<'response-created-codes'> }>(path(paths.codeBatch), {
    schema: {
      tags,
      summary: 'Create 1-500 codes bound to one company (404 if not a unit of the edition) and guest type; all or none',
      security: bearer,
      response: envelope('response-created-codes', 'the new codes'),
      ...bodyOf('invitation-code-batch'),
    },
    handler: async (request) => ok(request, await codes.createBatch(signedIn(request), request.body)),
  });

  app.post<{ Params: SchemaData<'invitation-code-params'>; Reply: PlainAnswer<null> }>(path(paths.codeRevoke(':code')), {
    schema: {
      tags,
      summary: 'Revoke a code: it answers 10002 from now on; guests already added keep it',
      security: bearer,
      response: envelope(nothing, 'revoked'),
      ...paramsOf('invitation-code-params'),
    },
    handler: async (request) => {
      await codes.revoke(signedIn(request), request.params.code);
      return ok(request, null);
    },
  });
}
