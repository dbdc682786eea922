import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { GuestDetail } from '../../../shared/guest-api';
import type { SensitiveKind } from '../../../shared/sensitive-fields';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { EntourageTravelDetails } from './EntourageTravelDetails';
import { RegistrationSection } from './RegistrationSection';

/**
 * A masked value of the guest shown in full on request: the unit's detail and the console's
 * record ask different (audited) routes, the sections are the same.
 */
export type RevealGuestField = (kind: SensitiveKind, memberId: string | undefined, pointer: string) => Promise<string>;

/**
 * The entourage of a guest: each member's fields (its schema's, with their labels) and travel;
 * `children` come between the count and the members.
 */
export function EntourageSection({
  detail,
  testId,
  reveal,
  children,
}: {
  detail: GuestDetail;
  testId: string;
  reveal: RevealGuestField;
  children?: ReactNode;
}) {
  const t = useKeyTranslation();
  return (
    <RegistrationSection titleKey="guest.steps.entourage" testId={testId}>
      <Typography sx={{ mb: 1 }}>{t('guest.entourage.count', { count: detail.entourage.length, cap: detail.entourageCap })}</Typography>
      {children}
      <EntourageTravelDetails
        members={detail.entourage}
        revealReception={(memberId, pointer, kind) => reveal(kind, memberId, `/reception${pointer}`)}
        revealMember={(memberId, pointer, kind) => reveal(kind, memberId, pointer)}
      />
    </RegistrationSection>
  );
}

/** The guest's reception arrangement, or that there is none yet. */
export function ReceptionSection({ detail, testId, reveal }: { detail: GuestDetail; testId: string; reveal: RevealGuestField }) {
  const t = useKeyTranslation();
  return (
    <RegistrationSection titleKey="guest.reception.title" testId={testId}>
      {detail.reception ? (
        <ReadOnlyDocument
          schemaName="reception"
          data={detail.reception}
          revealAt={(pointer, kind) => reveal(kind, undefined, `/reception${pointer}`)}
        />
      ) : (
        <Typography color="text.secondary">{t('guest.reception.none')}</Typography>
      )}
    </RegistrationSection>
  );
}
