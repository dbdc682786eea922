import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import type { RetentionPurge } from './retention-purge.js';
import type { Editions } from '../edition/editions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path } from '../../http/route-helpers.js';

/** Path of the organisers' retention purge of one edition. */
export const retentionPurgePath = (id: string) => `admin/edition/${id}/retention-purge`;

/** The organisers' action behind `npm run retention:purge`: same service, audited as the organiser. */
export async function retentionRoutes(
  app: FastifyInstance,
  { purge, editions }: { purge: RetentionPurge; editions: Editions },
): Promise<void> {
  app.post<{ Params: SchemaData<'console-id-params'>; Body: SchemaData<'retention-purge'>; Reply: Answer<'response-retention-purge'> }>(
    path(retentionPurgePath(':id')),
    {
      schema: {
        tags: ['edition'],
        summary:
          "Organisers: erase an edition's ID numbers, mobiles and people's files once its retention period (conferenceEnd + RETENTION_DAYS) is over (409 before, unless force); audited",
        security: bearer,
        response: envelope('response-retention-purge', 'what was erased'),
        ...paramsOf('console-id-params'),
        ...bodyOf('retention-purge'),
      },
      handler: async (request) => {
        const who = signedIn(request);
        assertOrganiser(who);
        const report = await purge.purge({
          editionId: request.params.id,
          who,
          force: request.body?.force === true,
          now: editions.now(),
          via: 'organiser action',
        });
        return ok(request, report);
      },
    },
  );
}
