import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SchemaName } from '../../../generated/registry.js';
import { recordUpgradePaths, type RecordUpgradeData } from '../../../shared/record-upgrade-api.js';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { upgradeDocument } from '../../schema-versions/document-upgrade.js';
import { currentFormVersion } from '../../schema-versions/schema-versions.js';
import { storedText } from '../../http/live-schemas.js';
import { maskedDocument } from '../../privacy/masked-answers.js';
import { restoreMaskedFields } from '../../privacy/restore-masks.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path } from '../../http/route-helpers.js';
import type { Guests } from './guests.js';
import type { Units } from '../units/units.js';
import type { Entourage } from './entourage.js';

/** A stored record as the current version of its schema can hold it. */
function upgraded(
  request: FastifyRequest,
  kind: string,
  schema: SchemaName,
  id: string,
  document: unknown,
  fromVersion: number,
): RecordUpgradeData {
  const upgrade = upgradeDocument(document, fromVersion, currentFormVersion(schema));
  // the browser has only the live version's labels: a field a console version added and a later one
  // dropped is named in the words of the version it was saved under
  const dropped = upgrade.dropped.map((field) => {
    const labelText = field.label ? storedText(schema, fromVersion, request.language, field.label) : undefined;
    return labelText ? { ...field, labelText } : field;
  });
  // answered masked like every read; the save route keeps a value sent back as its mask
  return { kind, id, ...upgrade, dropped, document: maskedDocument(schema, upgrade.document as Record<string, unknown>) };
}

export interface RecordUpgradeRouteServices {
  guests: Guests;
  units: Units;
  entourage: Entourage;
}

/**
 * Opening a record saved under an older schema version for editing in the current one
 * (document-upgrade.ts). Read-only: the record changes only when the usual save route saves it.
 */
export async function recordUpgradeRoutes(app: FastifyInstance, { guests, units, entourage }: RecordUpgradeRouteServices): Promise<void> {
  app.get<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-record-upgrade'> }>(path(recordUpgradePaths.guest(':id')), {
    schema: {
      tags: ['guests'],
      summary:
        "A guest of the caller's unit as the current guest schema can hold it: dropped fields and what must change (404 for any other id)",
      security: bearer,
      response: envelope('response-record-upgrade', 'the guest record in the current version'),
      ...paramsOf('guest-id-params'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const guest = await guests.detail(signedIn(request), request.params.id);
      return ok(request, upgraded(request, 'guest', 'guest', guest.id, guest.document, guest.schemaVersion));
    },
  });

  app.get<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-record-upgrade'> }>(path(recordUpgradePaths.adminGuest(':id')), {
    schema: {
      tags: ['admin'],
      summary:
        'Organisers: any guest of the current edition as the current guest schema can hold it: dropped fields and what must change (403 for other accounts)',
      security: bearer,
      response: envelope('response-record-upgrade', 'the guest record in the current version'),
      ...paramsOf('guest-id-params'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const guest = await guests.organiserDetail(signedIn(request), request.params.id);
      return ok(request, upgraded(request, 'guest', 'guest', guest.id, guest.document, guest.schemaVersion));
    },
  });

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'guest'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.adminGuestUpgradeFix(':id')),
    {
      schema: {
        tags: ['admin'],
        summary:
          "Organisers: change only the fields the current guest form version flags in a guest saved under an older one (approved ones included), with the unit's save checks; the status is kept and the change audited (403 for other accounts)",
        security: bearer,
        response: envelope('response-guest-summary', 'the saved guest'),
        ...paramsOf('guest-id-params'),
        ...bodyOf('guest'),
      },
      preValidation: [
        restoreMaskedFields<FastifyRequest<{ Params: SchemaData<'guest-id-params'> }>>(
          'guest',
          async (request) => (await guests.organiserDetail(signedIn(request), request.params.id)).document,
        ),
      ],
      handler: async (request) => ok(request, await guests.saveUpgradeFix(signedIn(request), request.params.id, request.body)),
    },
  );

  app.get<{ Params: SchemaData<'entourage-member-params'>; Reply: Answer<'response-record-upgrade'> }>(
    path(recordUpgradePaths.entourageMember(':id', ':memberId')),
    {
      schema: {
        tags: ['entourage'],
        summary:
          "An entourage member of a guest of the caller's unit as the current entourage-member schema can hold it: dropped fields and what must change (ID number masked as in the entourage list; 404 for any other id)",
        security: bearer,
        response: envelope('response-record-upgrade', 'the entourage member record in the current version'),
        ...paramsOf('entourage-member-params'),
      },
      handler: async (request, reply) => {
        noStore(reply);
        const member = await entourage.stored(signedIn(request), request.params.id, request.params.memberId);
        // checked with the full number; answered masked, as the entourage list does
        const upgrade = upgraded(request, 'entourage', 'entourage-member', member.id, member.document, member.schemaVersion);
        return ok(request, upgrade);
      },
    },
  );

  app.get<{ Reply: Answer<'response-record-upgrade'> }>(path(recordUpgradePaths.myUnit), {
    schema: {
      tags: ['units'],
      summary: "The caller's unit information as the current unit schema can hold it: dropped fields and what must change",
      security: bearer,
      response: envelope('response-record-upgrade', 'the unit record in the current version'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const unit = await units.mine(signedIn(request));
      // a unit that never saved its form holds only the registration stub: it starts in the current version
      const fromVersion = unit.complete ? unit.schemaVersion : currentFormVersion('unit').version;
      return ok(request, upgraded(request, 'unit', 'unit', unit.id, unit.document, fromVersion));
    },
  });
}
