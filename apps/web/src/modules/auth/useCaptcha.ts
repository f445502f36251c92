import { useCallback, useState } from 'react';
import { authContract } from '@care/shared';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';
import { newCheckKey } from './login-flow';

const CAPTCHA_PATH = authContract.randomImage.path.replace(/:checkKey$/, '');

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
      const image = authContract.randomImage.result.parse(await request.get(CAPTCHA_PATH + encodeURIComponent(checkKey)));
      // Only an image may become the <img> source.
      if (!image.startsWith('data:image/')) throw new Error('captcha is not an image');
      return image;
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  const refresh = useCallback(() => setCheckKey(newCheckKey()), []);
  return { checkKey, image: data, loading: isFetching, refresh };
}
