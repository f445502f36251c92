import { Navigate, Route, Routes } from 'react-router';
import { ExceptionPage } from '../pages/exception/ExceptionPage';
import { LoginPage } from '../pages/user/LoginPage';
import { GuestOnly } from './GuestOnly';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './paths';
import { RequireAuth } from './RequireAuth';

/**
 * Static routes. Signed-in pages come from the server menu in a later step; until then every other
 * path is guarded first (so a signed-out visitor is sent to sign-in, keeping the path) and then 404.
 */
export function AppRoutes() {
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
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Route>
    </Routes>
  );
}
