import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { guestApi } from '../../api/guest-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { EntourageManager } from './EntourageManager';
import { guestStepAccess, type GuestWizardContext } from './guest-wizard-gates';

/** /guests/:id/entourage: the entourage of one guest, with the same gate as the wizard step. */
export default function EntourageScreen() {
  const t = useKeyTranslation();
  const { id = '' } = useParams();
  const [context, setContext] = useState<GuestWizardContext | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    Promise.all([guestApi.currentEdition(), guestApi.guest(id)])
      .then(([edition, detail]) => setContext({ edition, detail }))
      .catch(() => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!context?.detail) return <CircularProgress aria-label={t('common.loading')} />;
  const access = guestStepAccess({ id: 'entourage', labelKey: '', kind: 'panel', editableWhen: 'canManageEntourage' }, context);
  return (
    <Paper sx={{ p: 2, maxWidth: 880 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('guest.entourage.of', { name: context.detail.nameZh })}
      </Typography>
      {access.reasonKey && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="entourage-gate">
          {t(access.reasonKey, access.reasonParams)}
        </Alert>
      )}
      <Box>
        <EntourageManager detail={context.detail} access={access} onChanged={load} />
      </Box>
    </Paper>
  );
}
