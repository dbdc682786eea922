import type { FastifyInstance } from 'fastify';
import { activityApiPaths } from '../../../shared/activity-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import { unitActivityQueryOf, type ActivityListing } from './activity-listing.js';
import type { ActivitySignUps } from './activity-sign-ups.js';

const byId = paramsOf('activity-id-params');

export interface ActivityRouteServices {
  activityListing: ActivityListing;
  activitySignUps: ActivitySignUps;
}

/** Units: the four activity tabs, detail, sign-up (or waiting list), cancelling, speech materials. */
export async function activityRoutes(app: FastifyInstance, { activityListing, activitySignUps }: ActivityRouteServices): Promise<void> {
  const tags = ['activities'];

  app.get<{ Querystring: SchemaData<'activity-page-query'>; Reply: Answer<'response-activity-page'> }>(path(activityApiPaths.unitPage), {
    schema: {
      tags,
      summary:
        'One tab of the activities the unit may see (category defaults to committee), by start time or sorted by a column; name matches a part',
      security: bearer,
      response: envelope('response-activity-page', 'a page of activities'),
      ...queryOf('activity-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await activityListing.page(signedIn(request), unitActivityQueryOf(request.query)));
    },
  });

  app.get<{ Params: SchemaData<'activity-id-params'>; Reply: Answer<'response-unit-activity-detail'> }>(
    path(activityApiPaths.unitActivity(':id')),
    {
      schema: {
        tags,
        summary: "An activity with the unit's sign-ups and waiting places (404 when the unit may not see it)",
        security: bearer,
        response: envelope('response-unit-activity-detail', 'the activity'),
        ...byId,
      },
      handler: async (request, reply) => {
        noStore(reply);
        return ok(request, await activityListing.detail(signedIn(request), request.params.id));
      },
    },
  );

  app.post<{ Body: SchemaData<'activity-sign-up'>; Reply: Answer<'response-sign-up-item'> }>(path(activityApiPaths.signUps), {
    schema: {
      tags,
      summary: 'Sign an approved guest (or an entourage member where allowed) up; at the member limit the person goes on the waiting list',
      security: bearer,
      response: envelope('response-sign-up-item', 'the sign-up or waiting place'),
      ...bodyOf('activity-sign-up'),
    },
    handler: async (request) => ok(request, await activitySignUps.signUp(signedIn(request), request.body)),
  });

  app.delete<{ Params: SchemaData<'activity-id-params'>; Reply: PlainAnswer<null> }>(path(activityApiPaths.signUp(':id')), {
    schema: {
      tags,
      summary: 'Cancel a sign-up or waiting place (until the edition deadline); the first waiting person is promoted and the unit notified',
      security: bearer,
      response: envelope(nothing, 'cancelled'),
      ...byId,
    },
    handler: async (request) => {
      await activitySignUps.cancel(signedIn(request), request.params.id);
      return ok(request, null);
    },
  });

  app.put<{
    Params: SchemaData<'activity-id-params'>;
    Body: SchemaData<'activity-speech-materials'>;
    Reply: Answer<'response-sign-up-item'>;
  }>(path(activityApiPaths.signUpMaterials(':id')), {
    schema: {
      tags,
      summary: "A speaker's speech materials (uploaded first under the speechMaterials rule; speaker activities only)",
      security: bearer,
      response: envelope('response-sign-up-item', 'the sign-up'),
      ...byId,
      ...bodyOf('activity-speech-materials'),
    },
    handler: async (request) =>
      ok(request, await activitySignUps.setMaterials(signedIn(request), request.params.id, request.body.speechMaterials)),
  });
}
