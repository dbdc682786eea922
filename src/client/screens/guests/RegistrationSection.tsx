import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { GuestDetail } from '../../../shared/guest-api';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { isFilled } from '../../util/filled-document';
import type { SensitiveKind } from '../../../shared/sensitive-fields';

/** One titled block of a read-only registration (guest detail, my registration). */
export function RegistrationSection({ titleKey, children, testId }: { titleKey: string; children: ReactNode; testId: string }) {
  const t = useKeyTranslation();
  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Typography component="h2" variant="h6" id={`${testId}-title`} sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The three step documents of a registration (basic information, attendance intention,
 * itinerary) as read-only sections; `testIdPrefix` names them (`record` -> record-basic, ...).
 */
export function RegistrationStepSections({
  guest,
  testIdPrefix,
  reveal,
  basic,
}: {
  guest: Pick<GuestDetail, 'document' | 'intention' | 'itinerary'>;
  testIdPrefix: string;
  reveal?: (kind: SensitiveKind) => Promise<string>;
  /** shown instead of the read-only basic information (the organiser's upgrade fix) */
  basic?: ReactNode;
}) {
  const t = useKeyTranslation();
  const none = <Typography color="text.secondary">{t('guest.view.notFilled')}</Typography>;
  return (
    <>
      {basic ?? (
        <RegistrationSection titleKey="guest.steps.basic" testId={`${testIdPrefix}-basic`}>
          <ReadOnlyDocument schemaName="guest" data={guest.document} reveal={reveal} />
        </RegistrationSection>
      )}
      <RegistrationSection titleKey="guest.steps.intention" testId={`${testIdPrefix}-intention`}>
        {isFilled(guest.intention) ? <ReadOnlyDocument schemaName="attendance-intention" data={guest.intention} /> : none}
      </RegistrationSection>
      <RegistrationSection titleKey="guest.steps.itinerary" testId={`${testIdPrefix}-itinerary`}>
        {isFilled(guest.itinerary) ? <ReadOnlyDocument schemaName="itinerary" data={guest.itinerary} /> : none}
      </RegistrationSection>
    </>
  );
}
