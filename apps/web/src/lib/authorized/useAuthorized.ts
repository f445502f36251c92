import { useCallback } from 'react';
import type { AuthEntry } from '@care/shared';
import { usePermissionStore } from '../permission-store';
import { hasAuthority, holdsAllHrData } from './has-authority';

/** `(action, formPermissions?) => boolean` for the signed-in user (spec §5). */
export function useAuthorized(): (action: string, formPermissions?: readonly AuthEntry[] | null) => boolean {
  const auth = usePermissionStore((s) => s.auth);
  const allAuth = usePermissionStore((s) => s.allAuth);
  return useCallback((action, formPermissions) => hasAuthority(action, { formPermissions, auth, allAuth }), [auth, allAuth]);
}

/** Spec §6: true when the user holds the `allhrdata` action (data of the whole business unit). */
export function useHasAllHrData(): boolean {
  return usePermissionStore((s) => holdsAllHrData(s.auth));
}
