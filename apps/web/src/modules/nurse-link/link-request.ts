import { ErrorText, NURSE_LINK_TOKEN_HEADER, type RuntimeConfig } from '@care/shared';
import { createRequest, type Notice, type RequestClient } from '../../lib/request';
import { createStorage, memoryBackend } from '../../lib/storage';

/**
 * The request layer of the nurse's page: the app's signed calls, without any staff session (a
 * storage of its own, empty), each carrying the link's token in the X-Link-Token header. On this
 * page every 403 means the link is no longer good: `onInvalid` shows the full-page message instead of
 * the usual 拒绝访问 notice.
 */
export function createLinkRequest(deps: {
  runtimeConfig: RuntimeConfig;
  token: string;
  notify: (notice: Notice) => void;
  onInvalid: () => void;
  fetchImpl?: typeof fetch;
}): RequestClient {
  const base = deps.fetchImpl ?? ((input, init) => fetch(input, init));
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(NURSE_LINK_TOKEN_HEADER, deps.token);
    // The page's own address holds the token: no call sends it along as a Referer.
    return base(input, { ...init, headers, referrerPolicy: 'no-referrer' });
  };
  return createRequest({
    runtimeConfig: deps.runtimeConfig,
    storage: createStorage(memoryBackend()),
    fetchImpl,
    ui: {
      notify: (notice) => (notice.description === ErrorText.forbidden ? deps.onInvalid() : deps.notify(notice)),
      // No session here: the session-loss paths of the request layer never apply.
      confirm: () => undefined,
      reload: () => undefined,
      logout: () => undefined,
    },
  });
}
