import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { BasicLayout } from '../layouts/BasicLayout';
import { ExceptionPage } from './ExceptionPage';
import { LoginPage } from '../modules/auth/LoginPage';
import { GuestOnly } from './GuestOnly';
import type { MenuRoute } from './menu-routes';
import { MenuRouteElement } from './MenuRouteElement';
import { PAGE_KEYS } from './page-registry';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './paths';
import { RequireAuth } from './RequireAuth';
import { useMenuRoutes } from './useMenuRoutes';

const HOME_PAGE_KEY = 'dashboard/Analysis';

/**
 * Static routes plus the routes of the signed-in user's menu (spec §2), rendered inside the shell.
 * Until the menu is loaded the guard holds every other path; then an unknown path goes to /404.
 */
export function AppRoutes() {
  const menuRoutes = useMenuRoutes();
  const routes = useMemo(() => withHome(menuRoutes), [menuRoutes]);
  return (
    <Routes>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route element={<GuestOnly />}>
        <Route path={LOGIN_PATH} element={<LoginPage />} />
      </Route>
      <Route path="/403" element={<ExceptionPage status="403" />} />
      <Route path={NOT_FOUND_PATH} element={<ExceptionPage status="404" />} />
      <Route path="/500" element={<ExceptionPage status="500" />} />
      <Route element={<RequireAuth />}>
        <Route element={<BasicLayout />}>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<MenuRouteElement route={route} />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Route>
    </Routes>
  );
}

// Sign-in lands on the home page, so it is there even when the menu does not list it.
function withHome(routes: MenuRoute[]): MenuRoute[] {
  if (routes.length === 0 || routes.some((route) => route.path === HOME_PATH) || !PAGE_KEYS.has(HOME_PAGE_KEY)) return routes;
  const home: MenuRoute = {
    kind: 'page',
    path: HOME_PATH,
    componentKey: HOME_PAGE_KEY,
    title: '首页',
    hidden: true,
    item: { id: 'home', path: HOME_PATH, name: 'dashboard-analysis', component: HOME_PAGE_KEY, hidden: true, alwaysShow: false, route: '1', meta: { title: '首页' } },
  };
  return [...routes, home];
}
