import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../shared/console-api.js';
import type { InvitationCodeBatch, InvitationCodePageQuery } from '../../generated/types.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { codePage, createdCodes } from '../http/console-response-schemas.js';
import { envelope, nothing } from '../http/response-schemas.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import { paramsOf } from './guest-route-parts.js';
import { bearer, bodyOf, path, queryOf } from './route-helpers.js';

/** Organisers' invitation codes: list with usage and state, batch creation, revocation. */
export async function consoleCodeRoutes(app: FastifyInstance): Promise<void> {
  const { codes } = app.services.console;
  const tags = ['console'];

  app.get<{ Querystring: InvitationCodePageQuery }>(path(paths.codePage), {
    schema: { tags, summary: 'Invitation codes of the current edition with company, guest type, review rule, usage count, expiry and state', security: bearer, response: envelope(codePage, 'a page of codes'), ...queryOf('invitation-code-page-query') },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await codes.page(signedIn(request), request.query));
    },
  });

  app.post<{ Body: InvitationCodeBatch }>(path(paths.codeBatch), {
    schema: { tags, summary: 'Create 1-500 codes bound to one company (404 if not a unit of the edition) and guest type; all or none', security: bearer, response: envelope(createdCodes, 'the new codes'), ...bodyOf('invitation-code-batch') },
    preValidation: authenticate,
    handler: async (request) => ok(request, await codes.createBatch(signedIn(request), request.body)),
  });

  app.post<{ Params: { code: string } }>(path(paths.codeRevoke(':code')), {
    schema: { tags, summary: 'Revoke a code: it answers 10002 from now on; guests already added keep it', security: bearer, response: envelope(nothing, 'revoked'), ...paramsOf('invitation-code-params') },
    preValidation: authenticate,
    handler: async (request) => {
      await codes.revoke(signedIn(request), request.params.code);
      return ok(request, null);
    },
  });
}
