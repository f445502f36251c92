import { Navigate, Outlet } from 'react-router';
import { getAccessToken } from '../lib/session';
import { useServices } from '../lib/useServices';
import { HOME_PATH } from './paths';

/** Spec §2: a signed-in visit to the sign-in page goes to the home page. */
export function GuestOnly() {
  const { storage } = useServices();
  return getAccessToken(storage) ? <Navigate to={HOME_PATH} replace /> : <Outlet />;
}
