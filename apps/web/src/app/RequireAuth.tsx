import { Navigate, Outlet, useLocation } from 'react-router';
import { getAccessToken } from '../lib/session';
import { useServices } from '../lib/useServices';
import { loginPathFor } from './paths';

/** Spec §2 routing guard: without a stored token, go to sign-in with the wanted path as redirect. */
export function RequireAuth() {
  const { storage } = useServices();
  const location = useLocation();
  if (!getAccessToken(storage)) {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
