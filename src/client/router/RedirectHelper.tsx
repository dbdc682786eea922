import { Navigate, useLocation } from 'react-router';

/**
 * /redirect/<path> re-enters <path> (used to reload the current screen); /redirect alone goes
 * home. The query string is kept.
 */
export function RedirectHelper() {
  const location = useLocation();
  const rest = location.pathname.replace(/^\/redirect\/?/, '');
  return <Navigate to={`/${rest}${location.search}`} replace />;
}
