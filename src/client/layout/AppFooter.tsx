import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEARS } from '../../shared/constants';
import { siteConfig } from '../config/site-config';

/** Footer: copyright 2021-2025 and the filing number (SPEC section 1). */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2">{t('footer.copyright', { years: COPYRIGHT_YEARS, owner: t('app.summitName') })}</Typography>
      <Typography variant="body2" data-testid="filing-number">
        {siteConfig.filingNumber}
      </Typography>
    </Box>
  );
}
