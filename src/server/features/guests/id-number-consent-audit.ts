import type { Executor } from '../../db/database.js';
import type { Audit } from '../../audit/audit.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import type { ConsentColumns, StoredConsent } from './id-number-consents.js';

export interface ConsentGiven {
  editionId: string;
  targetType: 'guest' | 'entourage';
  targetId: string;
  /** the person's name, as other entries on guests name them */
  targetLabel: string;
  /** what was on record before this save (null for a new row) */
  stored: StoredConsent | null;
  recorded: ConsentColumns;
  /** the save's time (the consent's) */
  at: string;
}

/**
 * A consent given (first time, anew for a new ID number, or to a new text) goes to the audit
 * log with the text version and time, in the save's transaction. Only the version and time:
 * the ID number it covers is never written there.
 */
export async function auditConsentGiven(audit: Audit, executor: Executor, who: SignedInAccount, given: ConsentGiven): Promise<void> {
  const before =
    typeof given.stored?.version === 'number' ? { consentVersion: given.stored.version, consentAt: given.stored.at ?? null } : undefined;
  await audit.record(executor, who, {
    editionId: given.editionId,
    action: 'personal-data.consent',
    targetType: given.targetType,
    targetId: given.targetId,
    targetLabel: given.targetLabel,
    ...(before ? { before } : {}),
    after: { consentVersion: given.recorded.id_number_consent_version, consentAt: given.recorded.id_number_consent_at },
    at: given.at,
  });
}
