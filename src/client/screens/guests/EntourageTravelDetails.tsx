import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EntourageItem } from '../../../shared/guest-api';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** Entourage members read-only: name, masked ID number, and each member's itinerary and reception. */
export function EntourageTravelDetails({ members }: { members: EntourageItem[] }) {
  const t = useKeyTranslation();
  return (
    <Box>
      {members.map((member) => (
        <Box key={member.id} component="article" data-testid="entourage-member" sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {String(member.document.nameZh ?? '')} · <span data-testid="member-masked-id">{member.idNumberMasked}</span>
          </Typography>
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
              <ReadOnlyDocument schemaName="reception" data={member.reception} />
            ) : (
              <Typography color="text.secondary">{t('guest.view.receptionNotSet')}</Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
