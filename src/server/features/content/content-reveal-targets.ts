import { catalogueKinds, contentApiPaths, unitRecordKinds, type ContentKind } from '../../../shared/content-api.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';
import { sensitiveFieldsOf } from '../../privacy/masked-answers.js';
import { idOf, noMember, revealLabel, type RevealBody, type RevealedRecord, type RevealTarget } from '../../privacy/reveal-targets.js';
import type { ContentRecords } from './content-records.js';

/** The "show" of a masked field of content records: a unit its own rows, organisers any. */
export function contentRevealTargets(records: ContentRecords): RevealTarget[] {
  const contentRecord =
    (kind: ContentKind, ownUnit: boolean) =>
    async (who: SignedInAccount, params: { id?: string }, body: RevealBody): Promise<RevealedRecord> => {
      noMember(body);
      // a unit's own rows only (unitOf: 403 for accounts without a unit); organisers any
      const scope = ownUnit ? { unitId: unitOf(who) } : (assertOrganiser(who), {});
      const id = idOf(params);
      const record = await records.stored(kind, id, scope);
      return { schemaName: kind, document: record.document, targetType: kind, targetId: id, targetLabel: revealLabel(record.title) };
    };

  const withSensitiveFields = (kind: ContentKind) => sensitiveFieldsOf(kind).length > 0;
  const targets: RevealTarget[] = [];
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
