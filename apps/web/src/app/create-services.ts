import type { RuntimeConfig } from '@care/shared';
import { createRequest } from '../lib/request';
import type { Services } from '../lib/services';
import { createStorage } from '../lib/storage';
import { createBrowserUi } from '../lib/ui';

export function createServices(runtimeConfig: RuntimeConfig): Services {
  const storage = createStorage(window.localStorage);
  return { storage, request: createRequest({ runtimeConfig, storage, ui: createBrowserUi(storage) }) };
}
