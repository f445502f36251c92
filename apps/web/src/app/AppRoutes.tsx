import { lazy, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { GuestOnly } from './GuestOnly';
import { importWithTimeout } from './lazy-page';
import { loadShell } from './load-shell';
import type { MenuRoute } from './menu-routes';
import { MenuRouteElement } from './MenuRouteElement';
import { RouteChunkBoundary } from './PageBoundary';
import { PAGE_KEYS } from './page-registry';
import { AI_LOG_PATH, BIGSCREEN_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, NURSE_LINK_PATH } from './paths';
import { RequireAuth } from './RequireAuth';
import { useMenuRoutes } from './useMenuRoutes';

const HOME_PAGE_KEY = 'dashboard/Analysis';

// Sign-in, the shell and the error pages load apart: the sign-in route fetches neither the shell
// (menu, tabs, header) nor any list component, and a signed-in reload never fetches the sign-in form.
const LoginPage = lazy(() => importWithTimeout(() => import('../modules/auth/LoginPage')).then((m) => ({ default: m.LoginPage })));
const BasicLayout = lazy(() => importWithTimeout(loadShell).then((m) => ({ default: m.BasicLayout })));
// The nurse's page through her edit link: public, phone-sized, loaded apart (never the shell).
const NurseSelfPage = lazy(() => importWithTimeout(() => import('../modules/nurse-link/NurseSelfPage')).then((m) => ({ default: m.NurseSelfPage })));
// The big screens (1920×1080, through a display link) and the AI log (session or link): public, loaded apart.
const BigScreenPage = lazy(() => importWithTimeout(() => import('../modules/bigscreen/BigScreenPage')).then((m) => ({ default: m.BigScreenPage })));
const AiLogHistoryPage = lazy(() => importWithTimeout(() => import('../modules/ai-log/AiLogHistoryPage')).then((m) => ({ default: m.AiLogHistoryPage })));
const ExceptionPage = lazy(() => importWithTimeout(() => import('./ExceptionPage')).then((m) => ({ default: m.ExceptionPage })));

/**
 * Static routes plus the routes of the signed-in user's menu (spec §2), rendered inside the shell.
 * Until the menu is loaded the guard holds every other path; then an unknown path goes to /404.
 */
export function AppRoutes() {
  const menuRoutes = useMenuRoutes();
  const routes = useMemo(() => withHome(menuRoutes), [menuRoutes]);
  return (
    <RouteChunkBoundary>
      <Routes>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route element={<GuestOnly />}>
        <Route path={LOGIN_PATH} element={<LoginPage />} />
      </Route>
      <Route path={NURSE_LINK_PATH} element={<NurseSelfPage />} />
      <Route path={BIGSCREEN_PATH} element={<BigScreenPage />} />
      <Route path={AI_LOG_PATH} element={<AiLogHistoryPage />} />
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
    </RouteChunkBoundary>
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
