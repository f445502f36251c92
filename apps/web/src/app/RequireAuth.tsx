import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadPermissions, recoverFromPermissionFailure } from '../lib/auth-api';
import { usePermissionStore } from '../lib/permission-store';
import { useSessionStore } from '../lib/session-store';
import { PageLoading } from './PageBoundary';
import { loginPathFor } from './paths';

/**
 * Spec §2 routing guard. No token: sign-in with the wanted path as redirect. Token without
 * permissions: fetch them (the menu's routes appear with them), then render the requested path. A
 * failed fetch signs out, which brings the first case back with the same redirect.
 */
export function RequireAuth() {
  const token = useSessionStore((s) => s.token);
  const loaded = usePermissionStore((s) => s.loaded);
  const location = useLocation();

  useEffect(() => {
    if (!token || loaded) return;
    loadPermissions().catch(recoverFromPermissionFailure);
  }, [token, loaded]);

  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (!loaded) return <PageLoading />;
  return <Outlet />;
}
