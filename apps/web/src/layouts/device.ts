import { useSyncExternalStore } from 'react';

/** Spec §4, §9: below 1088 px the sidebar collapses; below 768 px the menu moves into a drawer. */
export type Device = 'desktop' | 'tablet' | 'mobile';

export const TABLET_QUERY = '(max-width: 1087.99px)';
export const MOBILE_QUERY = '(max-width: 767.99px)';

export function deviceFor(width: number): Device {
  if (width < 768) return 'mobile';
  if (width < 1088) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(TABLET_QUERY), window.matchMedia(MOBILE_QUERY)];
  for (const q of queries) q.addEventListener('change', onChange);
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

function snapshot(): Device {
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  if (window.matchMedia(TABLET_QUERY).matches) return 'tablet';
  return 'desktop';
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, snapshot, () => 'desktop');
}
