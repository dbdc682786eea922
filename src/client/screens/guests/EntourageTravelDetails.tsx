import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EntourageItem } from '../../../shared/guest-api';
import type { SensitiveKind } from '../../../shared/sensitive-fields';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';

type RevealMemberField = (memberId: string, pointer: string, kind: SensitiveKind) => Promise<string>;

/**
 * Entourage members read-only: name, masked ID number, and each member's itinerary and reception.
 * `revealReception`: where the caller may see a member's receptionist phone in full (its unit,
 * organisers), a "Show" button asks the audited reveal for it. `revealMember`: where the caller
 * keeps the member's record (its unit, organisers), every field of the member's schema is shown
 * with its label, masked values with a "Show" button.
 */
export function EntourageTravelDetails({
  members,
  revealReception,
  revealMember,
}: {
  members: EntourageItem[];
  revealReception?: RevealMemberField;
  revealMember?: RevealMemberField;
}) {
  const t = useKeyTranslation();
  return (
    <Box>
      {members.map((member) => (
        <Box
          key={member.id}
          component="article"
          data-testid="entourage-member"
          sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {String(member.document.nameZh ?? '')} · <span data-testid="member-masked-id">{member.idNumberMasked}</span>
          </Typography>
          {revealMember && (
            <Box sx={{ pl: 2 }} data-testid="member-details">
              <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
                {t('guest.entourage.details')}
              </Typography>
              <ReadOnlyDocument
                schemaName="entourage-member"
                data={member.document}
                revealAt={(pointer, kind) => revealMember(member.id, pointer, kind)}
              />
            </Box>
          )}
          <Box sx={{ pl: 2 }} data-testid="member-itinerary">
            <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
              {t('guest.entourage.itinerary')}
            </Typography>
            {member.itinerary ? (
              <ReadOnlyDocument schemaName="itinerary" data={member.itinerary} />
            ) : (
              <Typography color="text.secondary">{t('guest.view.notFilled')}</Typography>
            )}
          </Box>
          <Box sx={{ pl: 2 }} data-testid="member-reception">
            <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
              {t('guest.reception.title')}
            </Typography>
            {member.reception ? (
              <ReadOnlyDocument
                schemaName="reception"
                data={member.reception}
                revealAt={revealReception ? (pointer, kind) => revealReception(member.id, pointer, kind) : undefined}
              />
            ) : (
              <Typography color="text.secondary">{t('guest.view.receptionNotSet')}</Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
