import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { newCheckKey } from './login-flow';
import { signInCalls } from './sign-in-calls';

export interface Captcha {
  checkKey: string;
  /** data: URL of the image, undefined while it loads or after a failure. */
  image: string | undefined;
  loading: boolean;
  /** A new key and a new image (after a click and after every failed attempt). */
  refresh(): void;
}

/** The account tab's captcha: a random key per image, the image from GET randomImage/{checkKey}. */
export function useCaptcha(enabled: boolean): Captcha {
  const { request } = useServices();
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const { data, isFetching } = useQuery({
    queryKey: ['auth', 'captcha', checkKey],
    queryFn: async () => {
      const image = await signInCalls(request).randomImage(checkKey);
      // Only an image may become the <img> source.
      if (typeof image !== 'string' || !image.startsWith('data:image/')) throw new Error('captcha is not an image');
      return image;
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  const refresh = useCallback(() => setCheckKey(newCheckKey()), []);
  return { checkKey, image: data, loading: isFetching, refresh };
}
