import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { loadSessionDetails } from '../session/session-actions';
import { useSession } from '../session/session-store';
import { buildRoutes } from './build-routes';
import { guardRedirect, isOpenRoute } from './guard-rules';
import { registerNavigator } from './navigator';

/** Applies the guard of SPEC section 2 before any screen renders, then the route tree. */
export function AppRoutes() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.signedIn);
  const menu = useSession((session) => session.menu);
  const routes = useMemo(() => buildRoutes(menu), [menu]);
  const element = useRoutes(routes);

  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
    return () => registerNavigator(null);
  }, [navigate]);

  useEffect(() => {
    if (signedIn && menu === null) void loadSessionDetails();
  }, [signedIn, menu]);

  const redirect = guardRedirect(location.pathname, location.search, signedIn);
  if (redirect) return <Navigate to={redirect} replace />;
  if (signedIn && menu === null && !isOpenRoute(location.pathname)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return element;
}
