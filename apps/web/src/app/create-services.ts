import type { RuntimeConfig } from '@care/shared';
import { bindAuthApi, clearLocalSession } from '../lib/auth-api';
import { createRequest } from '../lib/request';
import { useSessionStore } from '../lib/session-store';
import type { Services } from '../lib/services';
import { createStorage } from '../lib/storage';
import { createBrowserUi } from '../lib/ui';

export function createServices(runtimeConfig: RuntimeConfig): Services {
  const storage = createStorage(window.localStorage);
  useSessionStore.getState().bind(storage);
  // A lost session (110, 302) clears the same local state as a logout; the server already ended it.
  const ui = { ...createBrowserUi(storage), logout: clearLocalSession };
  const request = createRequest({ runtimeConfig, storage, ui });
  bindAuthApi({ request, storage, notify: ui.notify, assign: (url) => window.location.assign(url) });
  return { storage, request };
}
