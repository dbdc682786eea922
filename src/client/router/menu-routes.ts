import type { MenuNode } from '../../shared/api-types';

export interface MenuRoute {
  path: string;
  component: string;
  title: string;
  permissions?: string[];
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${path}`;
}

/** Leaf routes of the menu tree with absolute paths ('Layout' groups only contribute their path). */
export function flattenMenu(nodes: MenuNode[], parent = '/'): MenuRoute[] {
  const routes: MenuRoute[] = [];
  for (const node of nodes) {
    const path = joinPath(parent, node.path);
    if (node.children?.length) routes.push(...flattenMenu(node.children, path));
    if (node.component && node.component !== 'Layout' && node.component !== 'ParentView') {
      routes.push({ path, component: node.component, title: node.meta.title, permissions: node.meta.permissions });
    }
  }
  return routes;
}
