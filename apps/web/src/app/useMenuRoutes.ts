import { useMemo } from 'react';
import { usePermissionStore } from '../lib/permission-store';
import { buildMenuRoutes, type MenuRoute } from './menu-routes';
import { PAGE_KEYS } from './page-registry';

/** The routes the signed-in user's menu registers (empty until the permissions are loaded). */
export function useMenuRoutes(): MenuRoute[] {
  const menu = usePermissionStore((s) => s.menu);
  return useMemo(() => buildMenuRoutes(menu, PAGE_KEYS), [menu]);
}
