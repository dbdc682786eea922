import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** 403/404 body: the code, a message and a way home. */
export function ErrorPage({ code, messageKey }: { code: string; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid={`error-${code}`}>
      <Typography component="p" variant="h2" color="primary" sx={{ fontWeight: 700 }}>
        {code}
      </Typography>
      <Typography variant="body1" sx={{ my: 2 }}>
        {t(messageKey)}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {t('errors.backHome')}
      </Button>
    </Paper>
  );
}
