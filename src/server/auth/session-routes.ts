import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';
import type { LoginInfoData, MasterInfoData } from '../../shared/api-types.js';
import { ok, noStore } from '../http/envelope-reply.js';
import { envelope } from '../http/response-schemas.js';
import type { Answer } from '../http/typed-route.js';
import { authenticate, signedIn } from './authenticate.js';
import { schemaUnitType } from './unit-access.js';
import { bearer, path, queryOf } from '../http/route-helpers.js';
import { maskedGuestDetail } from '../privacy/masked-answers.js';

/** What a signed-in client loads after sign-in (SPEC 4): login info, menu tree, master info. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { menus, guests, entourageTravel } = app.services;
  const tags = ['session'];

  // entranceTypes=2 is sent by the client (SPEC 7): validated (entrance-query), not read: one entrance.
  app.get<{ Reply: Answer<'response-login-info'> }>(path(apiPaths.loginInfo), {
    schema: {
      tags,
      summary: 'The signed-in user, account types and permissions',
      security: bearer,
      response: envelope('response-login-info', 'login info'),
      ...queryOf('entrance-query'),
    },
    preValidation: authenticate,
    handler: async (request, reply) => {
      const who = signedIn(request);
      noStore(reply);
      const data: LoginInfoData = {
        user: { id: who.id, account: who.account, name: who.name, userType: who.userType, unitId: who.unitId },
        types: [who.userType],
        permissions: menus.permissionsFor(who.userType),
      };
      return ok(request, data);
    },
  });

  app.get<{ Reply: Answer<'response-menu-tree'> }>(path(apiPaths.userMenuTree), {
    schema: {
      tags,
      summary: 'Menu tree of the account type (config/menus.json), titles translated',
      security: bearer,
      response: envelope('response-menu-tree', 'menu tree'),
      ...queryOf('entrance-query'),
    },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, menus.treeFor(signedIn(request).userType, request.language));
    },
  });

  app.get<{ Reply: Answer<'response-master-info'> }>(path(apiPaths.masterInfo), {
    schema: {
      tags,
      summary: "The caller's own guest registration (guests) or unit (unit accounts)",
      security: bearer,
      response: envelope('response-master-info', 'master info'),
    },
    preValidation: authenticate,
    handler: async (request, reply) => {
      const who = signedIn(request);
      noStore(reply);
      const guest = await app.db
        .selectFrom('guests')
        .select(['id', 'name', 'document', 'email', 'audit_status'])
        .where('account_id', '=', who.id)
        .executeTakeFirst();
      const unit = who.unitId
        ? await app.db.selectFrom('units').select(['id', 'name', 'unit_type']).where('id', '=', who.unitId).executeTakeFirst()
        : undefined;
      const data: MasterInfoData = {
        guest: guest
          ? {
              id: guest.id,
              name: guest.name,
              mobile: app.services.protection.fieldOf(JSON.parse(guest.document) as Record<string, unknown>, 'mobile'),
              email: guest.email,
              auditStatus: guest.audit_status as NonNullable<MasterInfoData['guest']>['auditStatus'],
            }
          : null,
        unit: unit ? { id: unit.id, name: unit.name, unitType: schemaUnitType(unit.unit_type) } : null,
      };
      // guest accounts only: the full registration behind "my registration"
      if (who.userType === 'guest') {
        const own = await guests.ownDetail(who);
        data.registration = own ? maskedGuestDetail(await entourageTravel.withTravel(own)) : null;
      }
      return ok(request, data);
    },
  });
}
