import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageModule, WebModule } from '../lib/modules/web-module';
import { importWithTimeout, pageComponentOf } from './lazy-page';

// Every web module's manifest (`src/modules/<name>/<name>.module.ts`): only lazy loaders, so reading
// them all here costs nothing; a page's code loads on its first visit. Sign-in, error and placeholder
// pages are part of the app itself and imported directly.
const manifests = import.meta.glob<WebModule>('../modules/*/*.module.ts', { eager: true, import: 'default' });

const loaders = new Map<string, () => Promise<PageModule>>();
for (const manifest of Object.values(manifests)) {
  for (const [key, load] of Object.entries(manifest.pages)) {
    if (loaders.has(key)) throw new Error(`page ${key} is offered by two web modules`);
    loaders.set(key, load);
  }
}

/** Component keys (`dashboard/Analysis`, `system/UserList` …) that have a page. */
export const PAGE_KEYS: ReadonlySet<string> = new Set(loaders.keys());

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page for a key (one component per key, so revisits do not remount the loader). */
export function lazyPage(key: string): LazyExoticComponent<ComponentType> {
  let page = cache.get(key);
  if (!page) {
    const load = loaders.get(key);
    if (!load) throw new Error(`no web module offers page ${key}`);
    page = lazy(async () => ({ default: pageComponentOf(await importWithTimeout(load), key) }));
    cache.set(key, page);
  }
  return page;
}
