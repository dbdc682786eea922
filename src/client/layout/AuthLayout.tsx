import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { takeSignedOutNotice } from '../session/signed-out-notice';
import { useRouteTitle } from '../router/route-title';
import { AppFooter } from './AppFooter';
import { useBootShellReplaced } from './boot-shell';
import { LanguageSelector } from './LanguageSelector';

/** The sign-in page: a centred card under the portal title. */
export function AuthLayout() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  // the message of the write that signed the user out (a password change), shown once
  const [notice] = useState(takeSignedOutNotice);
  useBootShellReplaced();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 3, py: 1 }}>
        <Typography component="p" variant="h6" color="primary">
          {t('app.title')}
        </Typography>
        <LanguageSelector color="primary" />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}>
        <Paper sx={{ width: '100%', maxWidth: 460, p: 4, mt: { xs: 2, md: 8 } }}>
          <Typography component="h1" variant="h5" sx={{ mb: 2, textAlign: 'center' }}>
            {title}
          </Typography>
          {notice && (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="signed-out-notice">
              {t(notice)}
            </Alert>
          )}
          <Outlet />
        </Paper>
      </Box>
      <AppFooter />
    </Box>
  );
}
