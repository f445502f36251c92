import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { importWithTimeout, pageComponentOf } from './lazy-page';

// Every page a menu can name, loaded on first visit. Sign-in, error and placeholder pages are part of
// the app itself and imported directly.
const modules = import.meta.glob<Record<string, unknown>>([
  '../pages/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/user/**',
  '!../pages/exception/**',
  '!../pages/placeholder/**',
]);

const loaders = new Map(Object.entries(modules).map(([file, load]) => [file.replace(/^\.\.\/pages\//, '').replace(/\.tsx$/, ''), load]));

/** Component keys (`dashboard/Analysis` = src/pages/dashboard/Analysis.tsx) that have a page. */
export const PAGE_KEYS: ReadonlySet<string> = new Set(loaders.keys());

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page for a key (one component per key, so revisits do not remount the loader). */
export function lazyPage(key: string): LazyExoticComponent<ComponentType> {
  let page = cache.get(key);
  if (!page) {
    const load = loaders.get(key);
    if (!load) throw new Error(`no page src/pages/${key}.tsx`);
    page = lazy(async () => ({ default: pageComponentOf(await importWithTimeout(load), key) }));
    cache.set(key, page);
  }
  return page;
}
