import { userHeaderContract } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';

export const TX_USER_INFO_KEY = ['user', 'txUserInfo'] as const;

/** The signed-in user's own profile and departments (GET /online/api/getTxUserInfo), fetched while `enabled`. */
export function useTxUserInfo(enabled: boolean) {
  const { request } = useServices();
  return useQuery({
    queryKey: TX_USER_INFO_KEY,
    queryFn: () => request.call(userHeaderContract.getTxUserInfo),
    enabled,
    // Each opening of a modal shows the current data.
    staleTime: 0,
  });
}

/** Spec §4: department and company switches reload the page shortly after saving. */
export const RELOAD_DELAY_MS = 300;

export function reloadSoon(): void {
  setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}
