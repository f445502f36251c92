import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { signInCalls } from './sign-in-calls';

/** Spec §2: the login layout shows the configured name, logo, background, links and copyright. */
export function useSystemConfig() {
  const { request } = useServices();
  return useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => signInCalls(request).systemConfig(),
    staleTime: 5 * 60 * 1000,
  });
}
