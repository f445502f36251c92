import { authContract } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';

/** Which sign-in methods the server offers (captcha on or off, CAS, WeChat). */
export function useLoginOptions() {
  const { request } = useServices();
  return useQuery({
    queryKey: ['auth', 'loginOptions'],
    queryFn: () => request.call(authContract.loginOptions),
    staleTime: 5 * 60 * 1000,
  });
}
