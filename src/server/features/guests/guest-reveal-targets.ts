import { guestApiPaths } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import {
  idOf,
  noMember,
  receptionFields,
  revealLabel,
  withReception,
  type RevealBody,
  type RevealedRecord,
  type RevealTarget,
} from '../../privacy/reveal-targets.js';
import type { Entourage } from './entourage.js';
import type { EntourageTravel } from './entourage-travel.js';
import type { Guests } from './guests.js';

export interface GuestRevealServices {
  guests: Guests;
  entourage: Entourage;
  entourageTravel: EntourageTravel;
}

/** The unit's and the organisers' "show" of a guest's or member's ID number or mobile. */
export function guestRevealTargets({ guests, entourage, entourageTravel }: GuestRevealServices): RevealTarget[] {
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
          targetLabel: revealLabel(member.document.nameZh),
        };
      }
      const detail = anyUnit ? await entourageTravel.adminDetail(who, id) : await guests.detail(who, id);
      return {
        schemaName: 'guest',
        document: withReception(detail.document, detail.reception),
        extraFields: receptionFields,
        targetType: 'guest',
        targetId: id,
        targetLabel: revealLabel(detail.document.nameZh),
      };
    };

  return [
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
  ];
}

/** A guest account's "show" of its own reception's receptionist phone. */
export function ownReceptionRevealTarget({ guests }: Pick<GuestRevealServices, 'guests'>): RevealTarget {
  return {
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
        targetLabel: revealLabel(own.document.nameZh),
      };
    },
  };
}
