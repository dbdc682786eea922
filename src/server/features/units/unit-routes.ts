import type { FastifyInstance } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { guarded, limits } from '../../plugins/rate-limits.js';
import { restoreMaskedFields } from '../../privacy/restore-masks.js';
import { unitOf } from '../../auth/unit-access.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Units } from './units.js';
import type { Editions } from '../edition/editions.js';
import type { InvitationCodes } from '../invitations/invitation-codes.js';

export interface UnitRouteServices {
  units: Units;
  editions: Editions;
  invitationCodes: InvitationCodes;
}

/** Unit information, the company view and the invitation-code check (unit accounts only). */
export async function unitRoutes(app: FastifyInstance, { units, editions, invitationCodes }: UnitRouteServices): Promise<void> {
  const tags = ['unit'];

  app.get<{ Reply: Answer<'response-unit-info'> }>(path(guestApiPaths.myUnit), {
    schema: {
      tags,
      summary: "The caller's unit information (403 for accounts without an affiliated unit)",
      security: bearer,
      response: envelope('response-unit-info', 'the unit'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await units.mine(signedIn(request)));
    },
  });

  app.put<{ Body: SchemaData<'unit'>; Reply: Answer<'response-unit-info'> }>(path(guestApiPaths.myUnit), {
    schema: {
      tags,
      summary:
        "Save the caller's unit information (the unit type must be the account's); a contact mobile sent back as its mask (record upgrade) keeps the stored value",
      security: bearer,
      response: envelope('response-unit-info', 'the saved unit'),
      ...bodyOf('unit'),
    },
    preValidation: [restoreMaskedFields('unit', async (request) => (await units.mine(signedIn(request))).document)],
    handler: async (request) => ok(request, await units.save(signedIn(request), request.body)),
  });

  app.get<{ Reply: Answer<'response-unit-overview'> }>(path(guestApiPaths.unitOverview), {
    schema: {
      tags,
      summary: 'Company view: guests by status and attendance, entourage total',
      security: bearer,
      response: envelope('response-unit-overview', 'the overview'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await units.overview(signedIn(request)));
    },
  });

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
