import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '../../shared/constants';
import { FEATURE_NAMESPACES } from '../i18n/i18n-setup';
import { useNamespacesReady } from '../i18n/use-namespaces';
import { useRouteTitle } from '../router/route-title';
import { useSession } from '../session/session-store';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { useBootShellReplaced } from './boot-shell';
import { SidebarMenu } from './SidebarMenu';

const NO_NAMESPACES = [] as const;

/**
 * The common layout: header, sidebar (170 px; collapsed under 992 px, i.e. mobile mode),
 * breadcrumb, the screen, footer. Signed out there is no sidebar.
 */
export function MainLayout() {
  const signedIn = useSession((session) => Boolean(session.signedIn && session.menu));
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
  const [open, setOpen] = useState(!mobile);
  // a change of mode starts from the mode's default (open on a wide screen, closed on a phone),
  // set while rendering (React renders again before committing). Reset by an effect, a wide
  // screen narrowed to a phone's committed the drawer open for one render; its closing never
  // finished, and its invisible modal root stayed over the page, taking every click
  const [mode, setMode] = useState(mobile);
  if (mode !== mobile) {
    setMode(mobile);
    setOpen(!mobile);
  }
  const title = useRouteTitle();
  useBootShellReplaced();
  // menu titles name feature namespaces (config/menus.json): the menu waits for them once signed in
  const menuTexts = useNamespacesReady(signedIn ? FEATURE_NAMESPACES : NO_NAMESPACES);

  const sidebar =
    signedIn &&
    menuTexts &&
    (mobile ? (
      <Drawer open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_PX } } }}>
        <SidebarMenu onNavigate={() => setOpen(false)} />
      </Drawer>
    ) : (
      open && (
        <Box
          component="aside"
          data-testid="sidebar"
          sx={{ width: SIDEBAR_WIDTH_PX, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <SidebarMenu />
        </Box>
      )
    ));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-mobile={mobile ? 'true' : 'false'}>
      <AppHeader onToggleSidebar={() => setOpen((value) => !value)} />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {sidebar}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          <AppBreadcrumbs />
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {title}
          </Typography>
          <Outlet />
        </Box>
      </Box>
      <AppFooter />
    </Box>
  );
}
