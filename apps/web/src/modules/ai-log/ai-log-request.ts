import { AI_LOG_TOKEN_HEADER, ErrorText, type RuntimeConfig } from '@care/shared';
import { createRequest, type Notice, type RequestClient } from '../../lib/request';
import { createStorage, memoryBackend } from '../../lib/storage';

/**
 * The request layer of the AI log page opened through a link: the app's signed calls without any
 * staff session, each carrying the link's token in its header. Every 403 here means the link is no
 * longer good: `onInvalid` shows the full-page message instead of the usual notice.
 */
export function createAiLogLinkRequest(deps: { runtimeConfig: RuntimeConfig; token: string; notify: (notice: Notice) => void; onInvalid: () => void }): RequestClient {
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(AI_LOG_TOKEN_HEADER, deps.token);
    // The page's own address holds the token: no call sends it along as a Referer.
    return fetch(input, { ...init, headers, referrerPolicy: 'no-referrer' });
  };
  return createRequest({
    runtimeConfig: deps.runtimeConfig,
    storage: createStorage(memoryBackend()),
    fetchImpl,
    ui: {
      notify: (notice) => (notice.description === ErrorText.forbidden || notice.description === '链接无效或已过期' ? deps.onInvalid() : deps.notify(notice)),
      confirm: () => undefined,
      reload: () => undefined,
      logout: () => undefined,
    },
  });
}
