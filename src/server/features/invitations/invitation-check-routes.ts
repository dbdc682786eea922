import type { FastifyInstance } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { guarded, limits } from '../../plugins/rate-limits.js';
import { unitOf } from '../../auth/unit-access.js';
import { bearer, path, queryOf } from '../../http/route-helpers.js';
import type { Editions } from '../edition/editions.js';
import type { InvitationCodes } from './invitation-codes.js';

export interface InvitationCheckRouteServices {
  editions: Editions;
  invitationCodes: InvitationCodes;
}

/** A unit checks the invitation code typed on the guest form (unit accounts only; listed under the unit's routes). */
export async function invitationCheckRoutes(
  app: FastifyInstance,
  { editions, invitationCodes }: InvitationCheckRouteServices,
): Promise<void> {
  const tags = ['unit'];

  app.get<{ Querystring: SchemaData<'invite-code-query'>; Reply: Answer<'response-invite-code-check'> }>(
    path(guestApiPaths.checkInviteCode),
    {
      schema: {
        tags,
        summary: 'Check an invitation code: business errors 10001-10007 (HTTP 400), else the guest type it grants',
        security: bearer,
        response: envelope('response-invite-code-check', 'the code is valid'),
        ...queryOf('invite-code-query'),
      },
      ...guarded(app, limits.inviteCodeCheck),
      handler: async (request) => {
        const unitId = unitOf(signedIn(request));
        const edition = await editions.current();
        return ok(request, await invitationCodes.check(edition.id, unitId, request.query.code));
      },
    },
  );
}
