import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '../lib/session-store';
import { HOME_PATH } from './paths';

/**
 * Spec §2: a signed-in visit to the sign-in page goes to the home page. Decided on arrival only: a
 * sign-in made on the page itself leads on to its redirect target, not here.
 */
export function GuestOnly() {
  const [signedInOnArrival] = useState(() => useSessionStore.getState().token !== null);
  return signedInOnArrival ? <Navigate to={HOME_PATH} replace /> : <Outlet />;
}
