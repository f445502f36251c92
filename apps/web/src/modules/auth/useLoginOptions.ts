import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { signInCalls } from './sign-in-calls';

/** Which sign-in methods the server offers (captcha on or off, CAS, WeChat). */
export function useLoginOptions() {
  const { request } = useServices();
  return useQuery({
    queryKey: ['auth', 'loginOptions'],
    queryFn: () => signInCalls(request).loginOptions(),
    staleTime: 5 * 60 * 1000,
  });
}
