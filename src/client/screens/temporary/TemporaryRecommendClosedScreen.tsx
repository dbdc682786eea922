import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** /tempActRecommendInviteClose: the recommendation form is closed (open route). */
export default function TemporaryRecommendClosedScreen() {
  const { t } = useTranslation('temporary');
  return (
    <Paper sx={{ p: 3, maxWidth: 640 }} data-testid="recommend-closed">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('closed.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('closed.body')}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('closed.home')}
      </Button>
    </Paper>
  );
}
