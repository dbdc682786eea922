import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Menu entries whose screens belong to later issues. */
export default function ComingSoonScreen() {
  const { t } = useTranslation();
  return <Alert severity="info">{t('common.comingSoon')}</Alert>;
}
