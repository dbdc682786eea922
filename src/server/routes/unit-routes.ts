import type { FastifyInstance } from 'fastify';
import { guestApiPaths } from '../../shared/guest-api.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { inviteCodeCheck, unitInfo, unitOverview } from '../http/guest-response-schemas.js';
import { envelope } from '../http/response-schemas.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import { guarded, limits } from '../plugins/rate-limits.js';
import { checkInvitationCode } from '../services/invitation-codes.js';
import { unitOf } from '../services/unit-access.js';
import type { UnitDocument } from '../services/units.js';
import { bearer, bodyOf, path, queryOf } from './route-helpers.js';

/** Unit information, the company view and the invitation-code check (unit accounts only). */
export async function unitRoutes(app: FastifyInstance): Promise<void> {
  const { units, editions } = app.services;
  const tags = ['unit'];

  app.get(path(guestApiPaths.myUnit), {
    schema: { tags, summary: "The caller's unit information (403 for accounts without an affiliated unit)", security: bearer, response: envelope(unitInfo, 'the unit') },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await units.mine(signedIn(request)));
    },
  });

  app.put<{ Body: UnitDocument }>(path(guestApiPaths.myUnit), {
    schema: { tags, summary: "Save the caller's unit information (the unit type must be the account's)", security: bearer, response: envelope(unitInfo, 'the saved unit'), ...bodyOf('unit') },
    preValidation: authenticate,
    handler: async (request) => ok(request, await units.save(signedIn(request), request.body)),
  });

  app.get(path(guestApiPaths.unitOverview), {
    schema: { tags, summary: 'Company view: guests by status and attendance, entourage total', security: bearer, response: envelope(unitOverview, 'the overview') },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await units.overview(signedIn(request)));
    },
  });

  app.get<{ Querystring: { code?: string } }>(path(guestApiPaths.checkInviteCode), {
    schema: { tags, summary: 'Check an invitation code: business errors 10001-10007 (HTTP 400), else the guest type it grants', security: bearer, response: envelope(inviteCodeCheck, 'the code is valid'), ...queryOf('invite-code-query') },
    ...guarded(app, limits.inviteCodeCheck, authenticate),
    handler: async (request) => {
      const unitId = unitOf(signedIn(request));
      const edition = await editions.current();
      return ok(request, await checkInvitationCode(app.db, edition.id, unitId, request.query.code));
    },
  });
}
