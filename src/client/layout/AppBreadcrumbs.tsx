import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useRouteTitle } from '../router/route-title';

/** Breadcrumb starting at the dashboard (SPEC section 2). */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const title = useRouteTitle();
  const onDashboard = location.pathname === '/dashboard';
  return (
    <Breadcrumbs aria-label={t('breadcrumb.label')} sx={{ mb: 2 }} data-testid="breadcrumb">
      {onDashboard ? (
        <Typography color="text.primary">{t('routes.dashboard')}</Typography>
      ) : (
        <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
          {t('routes.dashboard')}
        </Link>
      )}
      {!onDashboard && title && <Typography color="text.primary">{title}</Typography>}
    </Breadcrumbs>
  );
}
