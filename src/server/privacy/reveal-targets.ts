import type { FastifyInstance } from 'fastify';
import { consoleApiPaths } from '../../shared/console-api.js';
import { catalogueKinds, contentApiPaths, unitRecordKinds, type ContentKind } from '../../shared/content-api.js';
import { guestApiPaths } from '../../shared/guest-api.js';
import { temporaryApiPaths } from '../../shared/temporary-api.js';
import { AppError } from '../http/app-error.js';
import type { SchemaData } from '../http/typed-route.js';
import { ContentRecords } from '../features/content/content-records.js';
import { Audit } from '../audit/audit.js';
import type { SignedInAccount } from '../auth/sessions.js';
import { assertOrganiser, unitOf } from '../auth/unit-access.js';
import { temporaryDb } from '../features/temporary/temporary-tables.js';
import { TemporaryRecommendations } from '../features/temporary/temporary-recommendations.js';
import { TemporaryRegistrations } from '../features/temporary/temporary-registrations.js';
import type { SensitiveField } from '../../shared/sensitive-fields.js';
import { sensitiveFieldsOf } from './masked-answers.js';

type RevealBody = SchemaData<'personal-data-reveal'>;

/** The stored record a masked value is shown from, as the caller's scoped read answers it. */
export interface RevealedRecord {
  /** the schema whose x-sensitive marks name the fields that may be shown; null: only `extraFields` */
  schemaName: string | null;
  /** the opened (clear) document */
  document: Record<string, unknown>;
  /** fields besides the schema's, at their place in `document` (a reception's phones under /reception) */
  extraFields?: SensitiveField[];
  /** what the audit entry names */
  targetType: string;
  targetId: string;
  targetLabel: string | null;
}

/**
 * One "show" route: its path, and the read that decides who may see the record (403 for a role
 * that never may, 404 for an id outside the caller's scope, as the record's other routes answer).
 */
export interface RevealTarget {
  path: string;
  params: 'guest-id-params' | 'content-id-params' | 'temporary-id-params' | 'console-id-params' | null;
  tags: string[];
  summary: string;
  load: (who: SignedInAccount, params: { id?: string }, body: RevealBody) => Promise<RevealedRecord>;
}

const label = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (params: { id?: string }): string => params.id ?? '';

/** Records without entourage members refuse a memberId (404: there is no such member). */
function noMember(body: RevealBody): void {
  if (body.memberId) throw new AppError('notFound');
}

/** Every record kind whose answers mask a value, with the roles allowed to show it (README "Privacy"). */
export function revealTargets(app: FastifyInstance): RevealTarget[] {
  const { guests, entourage, entourageTravel, editions, units, protection, console: consoleServices } = app.services;
  const records = new ContentRecords(app.db, editions, protection);
  const registrations = new TemporaryRegistrations(temporaryDb(app.db), editions, new Audit(app.db), protection);
  const recommendations = new TemporaryRecommendations(temporaryDb(app.db), editions, protection);

  // a guest's or member's reception arrangement (organisers write it, the unit reads it) is shown
  // beside the person's own document: its receptionist phones by pointer, e.g. /reception/hotels/0/receptionistPhone
  const receptionFields = sensitiveFieldsOf('reception').map((field) => ({ ...field, path: ['reception', ...field.path] }));
  const withReception = (document: Record<string, unknown>, reception: Record<string, unknown> | null | undefined) =>
    reception ? { ...document, reception } : document;

  const guestRecord =
    (anyUnit: boolean) =>
    async (who: SignedInAccount, params: { id?: string }, body: RevealBody): Promise<RevealedRecord> => {
      const id = idOf(params);
      if (body.memberId) {
        const member = await entourage.stored(who, id, body.memberId, anyUnit);
        const reception = await entourageTravel.memberReception(id, body.memberId);
        return {
          schemaName: 'entourage-member',
          document: withReception(member.document, reception),
          extraFields: receptionFields,
          targetType: 'entourage',
          targetId: body.memberId,
          targetLabel: label(member.document.nameZh),
        };
      }
      const detail = anyUnit ? await entourageTravel.adminDetail(who, id) : await guests.detail(who, id);
      return {
        schemaName: 'guest',
        document: withReception(detail.document, detail.reception),
        extraFields: receptionFields,
        targetType: 'guest',
        targetId: id,
        targetLabel: label(detail.document.nameZh),
      };
    };

  const contentRecord =
    (kind: ContentKind, ownUnit: boolean) =>
    async (who: SignedInAccount, params: { id?: string }, body: RevealBody): Promise<RevealedRecord> => {
      noMember(body);
      // a unit's own rows only (unitOf: 403 for accounts without a unit); organisers any
      const scope = ownUnit ? { unitId: unitOf(who) } : (assertOrganiser(who), {});
      const id = idOf(params);
      const record = await records.stored(kind, id, scope);
      return { schemaName: kind, document: record.document, targetType: kind, targetId: id, targetLabel: label(record.title) };
    };

  const withSensitiveFields = (kind: ContentKind) => sensitiveFieldsOf(kind).length > 0;
  const targets: RevealTarget[] = [
    {
      path: guestApiPaths.guestReveal(':id'),
      params: 'guest-id-params',
      tags: ['guests'],
      summary: "Show the full ID number or mobile of the caller's unit's guest or of one of its members (audited; 404 for any other id)",
      load: guestRecord(false),
    },
    {
      path: guestApiPaths.adminGuestReveal(':id'),
      params: 'guest-id-params',
      tags: ['admin'],
      summary:
        'Organisers: show the full ID number or mobile of any guest of the current edition or of one of its members (audited; 403 for other accounts)',
      load: guestRecord(true),
    },
    {
      path: guestApiPaths.unitReveal,
      params: null,
      tags: ['unit'],
      summary: "Show the full contact mobile of the caller's own unit record (audited; 403 for accounts without a unit)",
      load: async (who, _params, body) => {
        noMember(body);
        const unit = await units.mine(who);
        return {
          schemaName: 'unit',
          document: unit.complete ? unit.document : {},
          targetType: 'unit',
          targetId: unit.id,
          targetLabel: unit.name,
        };
      },
    },
    {
      path: guestApiPaths.ownReceptionReveal,
      params: null,
      tags: ['guests'],
      summary:
        "Guest accounts: show the full receptionist phone of the caller's own registration's reception (audited; 403 for other accounts, 404 without a linked registration)",
      load: async (who, _params, body) => {
        noMember(body);
        if (who.userType !== 'guest') throw new AppError('forbidden');
        const own = await guests.ownDetail(who);
        if (!own) throw new AppError('notFound');
        // the reception only: the guest's own ID number and mobile stay behind the unit's and organisers' reveals
        return {
          schemaName: null,
          document: withReception({}, own.reception),
          extraFields: receptionFields,
          targetType: 'guest',
          targetId: own.id,
          targetLabel: label(own.document.nameZh),
        };
      },
    },
    {
      path: temporaryApiPaths.reveal(':id'),
      params: 'temporary-id-params',
      tags: ['admin'],
      summary: 'Organisers: show the full mobile of a temporary registration of the current edition (audited; 403 for other accounts)',
      load: async (who, params, body) => {
        noMember(body);
        const id = idOf(params);
        const registration = await registrations.stored(who, id);
        return {
          schemaName: 'temporary-registration',
          document: registration.document,
          targetType: 'temporary-registration',
          targetId: id,
          targetLabel: registration.name,
        };
      },
    },
    {
      path: temporaryApiPaths.recommendationReveal(':id'),
      params: 'temporary-id-params',
      tags: ['admin'],
      summary: 'Organisers: show the full recommender mobile of a recommendation of the current edition (audited; 403 for other accounts)',
      load: async (who, params, body) => {
        noMember(body);
        const id = idOf(params);
        const document = await recommendations.stored(who, id);
        return {
          schemaName: 'temporary-recommend-invite',
          document,
          targetType: 'temporary-recommendation',
          targetId: id,
          targetLabel: label(document.recommenderName),
        };
      },
    },
    {
      path: consoleApiPaths.receptionistReveal(':id'),
      params: 'console-id-params',
      tags: ['console'],
      summary: 'Organisers: show the full mobile of a receptionist of the current edition (audited; 403 for other accounts)',
      load: async (who, params, body) => {
        noMember(body);
        const id = idOf(params);
        const receptionist = await consoleServices.hotels.storedReceptionist(who, id);
        return {
          schemaName: 'receptionist',
          document: receptionist,
          targetType: 'receptionist',
          targetId: id,
          targetLabel: receptionist.name,
        };
      },
    },
  ];
  for (const kind of unitRecordKinds.filter(withSensitiveFields)) {
    targets.push({
      path: contentApiPaths.unitRecordReveal(kind, ':id'),
      params: 'content-id-params',
      tags: ['content'],
      summary: `Show the full value of one masked field of a ${kind} of the caller's unit (audited; 404 for any other id)`,
      load: contentRecord(kind, true),
    });
  }
  for (const kind of [...catalogueKinds, ...unitRecordKinds].filter(withSensitiveFields)) {
    targets.push({
      path: contentApiPaths.adminReveal(kind, ':id'),
      params: 'content-id-params',
      tags: ['admin'],
      summary: `Organisers: show the full value of one masked field of a ${kind} (audited; 403 for other accounts)`,
      load: contentRecord(kind, false),
    });
  }
  return targets;
}
