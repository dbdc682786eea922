import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EntourageItem, GuestDetail } from '../../../shared/guest-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';

type Consent = NonNullable<GuestDetail['idNumberConsent']>;
type Translate = ReturnType<typeof useKeyTranslation>;

/**
 * The submitting account as organisers read it: its name, never its internal id (the id only
 * when the account is gone and no name is left to show).
 */
function submittedBy(t: Translate, consent: Consent): string {
  if (!consent.by) return t('console.record.consentByUnknown');
  return consent.byName ?? consent.by;
}

const consentParams = (t: Translate, consent: Consent) => ({
  version: consent.version,
  at: formatDateTime(consent.at),
  by: submittedBy(t, consent),
});

/** The guest's own separate ID-number consent on record (PIPL art. 29), or that none is. */
export function GuestConsentLine({ consent }: { consent: GuestDetail['idNumberConsent'] }) {
  const t = useKeyTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="record-id-consent">
      {consent ? t('console.record.consentGiven', consentParams(t, consent)) : t('console.record.consentMissing')}
    </Typography>
  );
}

/** Each entourage member's consent: its own record, separate from the guest's. */
export function EntourageConsentList({ members }: { members: EntourageItem[] }) {
  const t = useKeyTranslation();
  if (members.length === 0) return null;
  return (
    <Box sx={{ mb: 1 }} data-testid="record-member-consents">
      <Typography component="h3" variant="subtitle2">
        {t('console.record.memberConsents')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {members.map((member) => {
          const name = String(member.document.nameZh ?? '');
          const consent = member.idNumberConsent;
          return (
            <Typography
              key={member.id}
              component="li"
              variant="body2"
              color="text.secondary"
              data-testid="record-member-consent"
              data-member-id={member.id}
              data-consent={consent ? 'given' : 'missing'}
            >
              {consent
                ? t('console.record.memberConsent', { name, ...consentParams(t, consent) })
                : t('console.record.memberConsentMissing', { name })}
            </Typography>
          );
        })}
      </Box>
    </Box>
  );
}
