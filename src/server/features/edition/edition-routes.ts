import type { FastifyInstance } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import type { EditionSettings } from './editions.js';
import type { EditionData } from '../../../shared/guest-api.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { bearer, bodyOf, path } from '../../http/route-helpers.js';
import type { Editions } from './editions.js';

/**
 * Saving the settings, done where the guests it affects are (the guest review writes it with its
 * audit entry): an interface of this feature, implemented above it and wired in composition.ts.
 */
export interface EditionSettingsSave {
  updateEdition(who: SignedInAccount, settings: EditionSettings): Promise<EditionData>;
}

export interface EditionRouteServices {
  editions: Editions;
  review: EditionSettingsSave;
}

/** The current edition: read by everyone, changed by organisers. */
export async function editionRoutes(app: FastifyInstance, { editions, review }: EditionRouteServices): Promise<void> {
  const tags = ['edition'];

  app.get<{ Reply: Answer<'response-edition'> }>(path(guestApiPaths.currentEdition), {
    schema: {
      tags,
      summary: 'The current edition: dates, entourage cap, registration switches (no sign-in needed)',
      response: envelope('response-edition', 'the current edition'),
    },
    handler: async (request) => ok(request, editions.answer(await editions.current())),
  });

  app.get<{ Reply: Answer<'response-edition'> }>(path(guestApiPaths.editionSettings), {
    schema: {
      tags,
      summary: 'Organisers: the settings of the current edition',
      security: bearer,
      response: envelope('response-edition', 'the current edition'),
    },
    handler: async (request, reply) => {
      assertOrganiser(signedIn(request));
      noStore(reply);
      return ok(request, editions.answer(await editions.current()));
    },
  });

  app.put<{ Body: EditionSettings; Reply: Answer<'response-edition'> }>(path(guestApiPaths.editionSettings), {
    schema: {
      tags,
      summary: 'Organisers: change the settings of the current edition (audited); id, year and name sent back from GET are ignored',
      security: bearer,
      response: envelope('response-edition', 'the saved edition'),
      ...bodyOf('edition'),
    },
    // signed in first (401 before any field list); then the GET answer may come back as the
    // body: its identity fields and its decided gate are not settings, drop them
    preValidation: [
      async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          const { id: _id, year: _year, name: _name, addGuestGate: _gate, ...settings } = body;
          request.body = settings as EditionSettings;
        }
      },
    ],
    handler: async (request) => ok(request, editions.answer(await review.updateEdition(signedIn(request), request.body))),
  });
}
