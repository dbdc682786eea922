import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { useNamespacesReady } from '../i18n/use-namespaces';
import { Link as RouterLink } from 'react-router';
import { logout } from '../session/session-actions';
import { useSession } from '../session/session-store';
import { LanguageSelector } from './LanguageSelector';
import { NoticeBell } from './NoticeBell';

const CONTENT_NAMESPACE = ['content'] as const;

/** Header of SPEC section 2: title, language, notices, user name, logout; or the sign-in hint. */
export function AppHeader({ onToggleSidebar }: { onToggleSidebar?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSession((session) => session.signedIn);
  const name = useSession((session) => session.name);
  const userType = useSession((session) => session.userType);
  const tk = useKeyTranslation();
  // the account kinds' names live in the content namespace, which loads after sign-in
  const accountKindTexts = useNamespacesReady(CONTENT_NAMESPACE);
  return (
    <AppBar position="sticky" elevation={1} component="header">
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        {signedIn && onToggleSidebar && (
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggleSidebar}
            aria-label={t('header.toggleMenu')}
            data-testid="sidebar-toggle"
          >
            <MenuIcon />
          </IconButton>
        )}
        {/* 390 px phones: only the title may shrink (ellipsis); the controls keep their width and
            never wrap per character, and drop their words for their icons */}
        <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: 16, md: 20 } }}>
          {t('app.title')}
        </Typography>
        <LanguageSelector />
        {signedIn ? (
          <>
            <NoticeBell />
            {userType && accountKindTexts && (
              // SPEC 6: the header names the account kind; enterprise accounts read "enterprise guest"
              <Chip
                size="small"
                label={tk(`content.header.${userType}`)}
                data-testid="account-label"
                sx={{ color: 'inherit', borderColor: 'currentColor', flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
                variant="outlined"
              />
            )}
            <Typography
              component="span"
              noWrap
              data-testid="user-name"
              sx={{ maxWidth: 160, flexShrink: 1, minWidth: 0, display: { xs: 'none', sm: 'block' } }}
            >
              {name}
            </Typography>
            <Button
              color="inherit"
              startIcon={<LogoutIcon />}
              onClick={() => void logout()}
              aria-label={t('header.logout')}
              data-testid="logout"
              sx={{ flexShrink: 0, whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('header.logout')}
              </Box>
            </Button>
          </>
        ) : (
          <Box component="span" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('header.haveAccount')}{' '}
            </Box>
            <Link component={RouterLink} to="/login" color="inherit" underline="always" data-testid="go-login">
              {t('header.goLogin')}
            </Link>
          </Box>
        )}
      </Toolbar>
    </AppBar>
  );
}
