import type { FastifyInstance } from 'fastify';
import { wishApiPaths } from '../../../shared/wish-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { GoodWishes } from './good-wishes.js';

export interface WishRouteServices {
  goodWishes: GoodWishes;
}

/** Message of good wishes: a unit's own message; organisers list every unit's. */
export async function wishRoutes(app: FastifyInstance, { goodWishes }: WishRouteServices): Promise<void> {
  const tags = ['wishes'];

  app.get<{ Reply: Answer<'response-my-wish'> }>(path(wishApiPaths.myWish), {
    schema: {
      tags,
      summary: "The caller's unit's message of good wishes of the current edition (null when none yet)",
      security: bearer,
      response: envelope('response-my-wish', 'the message or null'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await goodWishes.mine(signedIn(request)));
    },
  });

  app.put<{ Body: SchemaData<'good-wishes'>; Reply: Answer<'response-wish-record'> }>(path(wishApiPaths.myWish), {
    schema: {
      tags,
      summary:
        'Save the message of good wishes (replaces the earlier one): a logo or a wish message is required; files must be uploaded by this unit under the logo, wishVideo and wishAudio rules',
      security: bearer,
      response: envelope('response-wish-record', 'the saved message'),
      ...bodyOf('good-wishes'),
    },
    handler: async (request) => ok(request, await goodWishes.save(signedIn(request), request.body)),
  });

  app.get<{ Querystring: SchemaData<'wish-page-query'>; Reply: Answer<'response-wish-page'> }>(path(wishApiPaths.wishPage), {
    schema: {
      tags: ['admin'],
      summary: "Organisers: every unit's message of good wishes, last saved first or by a column, by unit name (a part), with its files",
      security: bearer,
      response: envelope('response-wish-page', 'a page of messages'),
      ...queryOf('wish-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await goodWishes.page(signedIn(request), request.query));
    },
  });
}
