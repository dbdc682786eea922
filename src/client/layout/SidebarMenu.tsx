import List from '@mui/material/List';
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
            return (
              <List
                key={node.name}
                dense
                disablePadding
                subheader={<ListSubheader disableSticky>{translateKey(node.meta.title)}</ListSubheader>}
              >
                <MenuEntries nodes={node.children} parent={path} onNavigate={onNavigate} />
              </List>
            );
          }
          return (
            <ListItemButton
              key={node.name}
              component={RouterLink}
              to={path}
              selected={location.pathname === path}
              onClick={onNavigate}
            >
              <ListItemText primary={translateKey(node.meta.title)} />
            </ListItemButton>
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
    <List component="nav" aria-label={t('sidebar.label')} dense data-testid="sidebar-menu">
      <MenuEntries nodes={menu} parent="/" onNavigate={onNavigate} />
    </List>
  );
}
