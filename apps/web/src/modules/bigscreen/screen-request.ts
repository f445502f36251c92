import { DISPLAY_LINK_TOKEN_HEADER, ErrorText, type RuntimeConfig } from '@care/shared';
import { createRequest, type Notice, type RequestClient } from '../../lib/request';
import { createStorage, memoryBackend } from '../../lib/storage';

/**
 * The request layer of a big screen: the app's signed calls, without any staff session (a storage of
 * its own, empty), each carrying the display link's token in the X-Display-Token header and never as
 * a Referer. Every 403 means the link is no longer good: `onInvalid` shows the full-screen message.
 */
export function createScreenRequest(deps: {
  runtimeConfig: RuntimeConfig;
  token: string;
  notify: (notice: Notice) => void;
  onInvalid: () => void;
  fetchImpl?: typeof fetch;
}): RequestClient {
  const base = deps.fetchImpl ?? ((input, init) => fetch(input, init));
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(DISPLAY_LINK_TOKEN_HEADER, deps.token);
    return base(input, { ...init, headers, referrerPolicy: 'no-referrer' });
  };
  return createRequest({
    runtimeConfig: deps.runtimeConfig,
    storage: createStorage(memoryBackend()),
    fetchImpl,
    ui: {
      notify: (notice) => (notice.description === ErrorText.forbidden ? deps.onInvalid() : deps.notify(notice)),
      confirm: () => undefined,
      reload: () => undefined,
      logout: () => undefined,
    },
  });
}
