import type { FastifyInstance } from 'fastify';
import { activityApiPaths } from '../../../shared/activity-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Activities } from './activities.js';

const byId = paramsOf('activity-id-params');

export interface ActivityAdminRouteServices {
  activities: Activities;
}

/** Organisers (403 for other accounts): create, edit, publish, close, assign, roster (its exports are the audited list exports). */
export async function activityAdminRoutes(app: FastifyInstance, { activities }: ActivityAdminRouteServices): Promise<void> {
  const tags = ['admin'];
  const one = path(activityApiPaths.adminActivity(':id'));

  app.get<{ Querystring: SchemaData<'activity-page-query'>; Reply: Answer<'response-activity-page'> }>(path(activityApiPaths.adminPage), {
    schema: {
      tags,
      summary: 'Activities of the current edition, any status, by start time or sorted by a column; name matches a part',
      security: bearer,
      response: envelope('response-activity-page', 'a page of activities'),
      ...queryOf('activity-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { category, status, name, sort, order } = request.query;
      return ok(request, await activities.page(signedIn(request), { ...pageOf(request.query), category, status, name, sort, order }));
    },
  });

  app.post<{ Body: SchemaData<'activity'>; Reply: Answer<'response-admin-activity-detail'> }>(path(activityApiPaths.adminActivities), {
    schema: {
      tags,
      summary: 'Create an activity (a draft until published)',
      security: bearer,
      response: envelope('response-admin-activity-detail', 'the activity'),
      ...bodyOf('activity'),
    },
    handler: async (request) => ok(request, await activities.create(signedIn(request), request.body)),
  });

  app.get<{ Params: SchemaData<'activity-id-params'>; Reply: Answer<'response-admin-activity-detail'> }>(one, {
    schema: {
      tags,
      summary: 'An activity with its roster, waiting list and assigned guests',
      security: bearer,
      response: envelope('response-admin-activity-detail', 'the activity'),
      ...byId,
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await activities.detail(signedIn(request), request.params.id));
    },
  });

  app.put<{ Params: SchemaData<'activity-id-params'>; Body: SchemaData<'activity'>; Reply: Answer<'response-admin-activity-detail'> }>(
    one,
    {
      schema: {
        tags,
        summary: 'Edit an activity (a raised member limit promotes waiting people)',
        security: bearer,
        response: envelope('response-admin-activity-detail', 'the activity'),
        ...byId,
        ...bodyOf('activity'),
      },
      handler: async (request) => ok(request, await activities.update(signedIn(request), request.params.id, request.body)),
    },
  );

  app.post<{ Params: SchemaData<'activity-id-params'>; Reply: Answer<'response-admin-activity-detail'> }>(
    path(activityApiPaths.publish(':id')),
    {
      schema: {
        tags,
        summary: 'Publish: units see the activity in its tab',
        security: bearer,
        response: envelope('response-admin-activity-detail', 'the activity'),
        ...byId,
      },
      handler: async (request) => ok(request, await activities.setStatus(signedIn(request), request.params.id, 'published')),
    },
  );

  app.post<{ Params: SchemaData<'activity-id-params'>; Reply: Answer<'response-admin-activity-detail'> }>(
    path(activityApiPaths.close(':id')),
    {
      schema: {
        tags,
        summary: 'Close: no new sign-ups (cancelling stays possible until the deadline)',
        security: bearer,
        response: envelope('response-admin-activity-detail', 'the activity'),
        ...byId,
      },
      handler: async (request) => ok(request, await activities.setStatus(signedIn(request), request.params.id, 'closed')),
    },
  );

  app.put<{
    Params: SchemaData<'activity-id-params'>;
    Body: SchemaData<'activity-assignment'>;
    Reply: Answer<'response-admin-activity-detail'>;
  }>(path(activityApiPaths.assignments(':id')), {
    schema: {
      tags,
      summary: 'Assign approved guests to an invited activity (replaces the list)',
      security: bearer,
      response: envelope('response-admin-activity-detail', 'the activity'),
      ...byId,
      ...bodyOf('activity-assignment'),
    },
    handler: async (request) => ok(request, await activities.assign(signedIn(request), request.params.id, request.body.guestIds)),
  });
}
