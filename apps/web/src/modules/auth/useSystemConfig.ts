import { systemContract } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';

/** Spec §2: the login layout shows the configured name, logo, background, links and copyright. */
export function useSystemConfig() {
  const { request } = useServices();
  return useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => request.call(systemContract.getSystemConfig),
    staleTime: 5 * 60 * 1000,
  });
}
