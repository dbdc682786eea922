import type { FastifyInstance } from 'fastify';
import { recordUpgradePaths, type RecordUpgradeData } from '../../shared/record-upgrade-api.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { envelope } from '../http/response-schemas.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import { upgradeDocument } from '../services/edition-migration.js';
import { currentEdition } from '../services/schema-versions.js';
import { paramsOf, type IdParams } from './guest-route-parts.js';
import { bearer, path } from './route-helpers.js';

const anyObject = { type: 'object', additionalProperties: true };
const recordUpgrade = {
  type: 'object',
  required: ['kind', 'id', 'fromVersion', 'toVersion', 'document', 'dropped', 'problems'],
  properties: {
    kind: { type: 'string' },
    id: { type: 'string' },
    fromVersion: { type: 'integer', description: 'schema version the record was saved under' },
    toVersion: { type: 'integer', description: 'current schema version (the one the form and the save use)' },
    document: { ...anyObject, description: 'the record without the fields the current version dropped: edit and save this' },
    dropped: {
      type: 'array',
      description: 'fields the current version no longer has (show them as a note; they are not saved again)',
      items: { type: 'object', properties: { pointer: { type: 'string' }, label: { type: 'string' }, value: {} } },
    },
    problems: {
      type: 'array',
      description: 'what the current version rejects in document, by field pointer (flag these on the form)',
      items: { type: 'object', properties: { pointer: { type: 'string' }, key: { type: 'string' }, params: anyObject, label: { type: 'string' } } },
    },
  },
};

/**
 * Opening a record saved under an older schema version for editing in the current one
 * (edition-migration.ts). Read-only: the record changes only when the usual save route saves it.
 */
export async function recordUpgradeRoutes(app: FastifyInstance): Promise<void> {
  const { guests, units } = app.services;

  app.get<{ Params: IdParams }>(path(recordUpgradePaths.guest(':id')), {
    schema: {
      tags: ['guests'],
      summary: "A guest of the caller's unit as the current guest schema can hold it: dropped fields and what must change (404 for any other id)",
      security: bearer,
      response: envelope(recordUpgrade, 'the guest record in the current version'),
      ...paramsOf('guest-id-params'),
    },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      const guest = await guests.detail(signedIn(request), request.params.id);
      const upgrade = upgradeDocument(guest.document, guest.schemaVersion, currentEdition('guest'));
      const data: RecordUpgradeData = { kind: 'guest', id: guest.id, ...upgrade, document: upgrade.document as Record<string, unknown> };
      return ok(request, data);
    },
  });

  app.get(path(recordUpgradePaths.myUnit), {
    schema: {
      tags: ['units'],
      summary: "The caller's unit information as the current unit schema can hold it: dropped fields and what must change",
      security: bearer,
      response: envelope(recordUpgrade, 'the unit record in the current version'),
    },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      const unit = await units.mine(signedIn(request));
      // a unit that never saved its form holds only the registration stub: it starts in the current version
      const fromVersion = unit.complete ? unit.schemaVersion : currentEdition('unit').version;
      const upgrade = upgradeDocument(unit.document, fromVersion, currentEdition('unit'));
      const data: RecordUpgradeData = { kind: 'unit', id: unit.id, ...upgrade, document: upgrade.document as Record<string, unknown> };
      return ok(request, data);
    },
  });
}
