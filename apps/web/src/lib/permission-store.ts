import { create } from 'zustand';
import type { AuthEntry, MenuItem } from '@care/shared';

/**
 * What the server allows the signed-in user (spec §3 permission fetch): the menu tree, the session's
 * auth list and the all-auth list. Empty until fetched after sign-in or on a reload with a token.
 */
interface PermissionState {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  loaded: boolean;
  set(result: { menu: MenuItem[]; auth: AuthEntry[]; allAuth: AuthEntry[] }): void;
  reset(): void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  menu: [],
  auth: [],
  allAuth: [],
  loaded: false,
  set: ({ menu, auth, allAuth }) => set({ menu, auth, allAuth, loaded: true }),
  reset: () => set({ menu: [], auth: [], allAuth: [], loaded: false }),
}));
