import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { GuestDetail } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { EntourageTravelDetails } from './EntourageTravelDetails';
import { GuestStatus } from './GuestStatus';
import { RegistrationSection, RegistrationStepSections } from './RegistrationSection';

type Loaded = { registration: GuestDetail | null } | 'failed' | null;

/**
 * "My registration" of a guest account: its own registration only, read-only. The server
 * answers getMasterInfo for the caller's account alone, ID numbers masked. The receptionist
 * phones have Show (audited): the guest is the one who calls the receptionist.
 */
export default function MyRegistrationScreen() {
  const t = useKeyTranslation();
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let live = true;
    guestApi
      .ownRegistration()
      .then((info) => live && setLoaded({ registration: info.registration ?? null }))
      .catch(() => live && setLoaded('failed'));
    return () => {
      live = false;
    };
  }, []);

  if (loaded === 'failed') return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!loaded) return <CircularProgress aria-label={t('common.loading')} />;
  const mine = loaded.registration;
  if (!mine) {
    return (
      <Alert severity="info" data-testid="no-registration">
        {t('guest.myRegistration.none')}
      </Alert>
    );
  }

  return (
    <Box sx={{ maxWidth: 880 }} data-testid="my-registration">
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h5">
          {mine.nameZh}
          {mine.nameEn ? ` / ${mine.nameEn}` : ''}
        </Typography>
        {mine.unitName && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {mine.unitName}
          </Typography>
        )}
        <GuestStatus guest={mine} />
      </Paper>
      <RegistrationStepSections guest={mine} testIdPrefix="mine" />
      <RegistrationSection titleKey="guest.reception.title" testId="mine-reception">
        {mine.reception ? (
          <ReadOnlyDocument
            schemaName="reception"
            data={mine.reception}
            revealAt={async (pointer, kind) => (await guestApi.revealOwnReceptionField(kind, `/reception${pointer}`)).value}
          />
        ) : (
          <Typography color="text.secondary">{t('guest.reception.none')}</Typography>
        )}
      </RegistrationSection>
      {mine.entourage.length > 0 && (
        <RegistrationSection titleKey="guest.steps.entourage" testId="mine-entourage">
          <EntourageTravelDetails members={mine.entourage} />
        </RegistrationSection>
      )}
    </Box>
  );
}
