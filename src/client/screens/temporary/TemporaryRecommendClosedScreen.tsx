import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** /tempActRecommendInviteClose: the recommendation form is closed (open route). The layout's h1 is the title. */
export default function TemporaryRecommendClosedScreen() {
  const { t } = useTranslation('temporary');
  return (
    <Paper sx={{ p: 3, maxWidth: 640 }} data-testid="recommend-closed">
      <Typography sx={{ mb: 2 }}>{t('closed.body')}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('closed.home')}
      </Button>
    </Paper>
  );
}
