import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuNode } from '../../shared/api-types';
import { translateKey } from '../i18n/translate-key';
import { useSession } from '../session/session-store';

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.endsWith('/') ? parent : `${parent}/`}${path}`;
}

function MenuEntries({ nodes, parent, onNavigate }: { nodes: MenuNode[]; parent: string; onNavigate?: () => void }) {
  const location = useLocation();
  return (
    <>
      {nodes
        .filter((node) => !node.meta.hidden)
        .map((node) => {
          const path = joinPath(parent, node.path);
          if (node.children?.length) {
            const headingId = `menu-group-${node.name}`;
            return (
              <ListItem key={node.name} disablePadding sx={{ display: 'block' }}>
                <ListSubheader id={headingId} component="div" disableSticky>
                  {translateKey(node.meta.title)}
                </ListSubheader>
                <List dense disablePadding aria-labelledby={headingId}>
                  <MenuEntries nodes={node.children} parent={path} onNavigate={onNavigate} />
                </List>
              </ListItem>
            );
          }
          return (
            <ListItem key={node.name} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={path}
                selected={location.pathname === path}
                aria-current={location.pathname === path ? 'page' : undefined}
                onClick={onNavigate}
              >
                <ListItemText primary={translateKey(node.meta.title)} />
              </ListItemButton>
            </ListItem>
          );
        })}
    </>
  );
}

/** The menu tree from the server (SPEC section 2: menu routes come from userMenuTree). */
export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const menu = useSession((session) => session.menu) ?? [];
  return (
    <nav aria-label={t('sidebar.label')} data-testid="sidebar-menu">
      <List dense>
        <MenuEntries nodes={menu} parent="/" onNavigate={onNavigate} />
      </List>
    </nav>
  );
}
