import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../shared/api-paths.js';
import type { LoginInfoData, MasterInfoData } from '../../../shared/api-types.js';
import { ok, noStore } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { bearer, path, queryOf } from '../../http/route-helpers.js';
import { maskedGuestDetail, withMaskedMobile } from '../../privacy/masked-answers.js';
import type { GuestDetail } from '../../../shared/guest-api.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { Menus } from './menus.js';

/**
 * What "master info" shows of an account: features above this one (units, guests) answer for
 * their own records, wired in composition.ts.
 */
export interface MasterInfoSources {
  /** the guest registration the account signs in for, mobile opened */
  accountGuest(accountId: string): Promise<MasterInfoData['guest']>;
  unitSummary(unitId: string | null | undefined): Promise<MasterInfoData['unit']>;
  /** a guest account's full registration with its members' travel (unmasked: the route masks it) */
  ownRegistration(who: SignedInAccount): Promise<GuestDetail | null>;
}

export interface SessionRouteServices {
  menus: Menus;
  masterInfo: MasterInfoSources;
}

/** What a signed-in client loads after sign-in (SPEC 4): login info, menu tree, master info. */
export async function sessionRoutes(app: FastifyInstance, { menus, masterInfo }: SessionRouteServices): Promise<void> {
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
    handler: async (request, reply) => {
      const who = signedIn(request);
      noStore(reply);
      // the account's own mobile is masked like every default view (the client shows none of it)
      const guest = await masterInfo.accountGuest(who.id);
      const data: MasterInfoData = { guest: guest && withMaskedMobile(guest), unit: await masterInfo.unitSummary(who.unitId) };
      // guest accounts only: the full registration behind "my registration"
      if (who.userType === 'guest') {
        const own = await masterInfo.ownRegistration(who);
        data.registration = own ? maskedGuestDetail(own) : null;
      }
      return ok(request, data);
    },
  });
}
