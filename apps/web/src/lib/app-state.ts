import { z } from 'zod';
import { create } from 'zustand';
import type { StorageBackend } from './storage';

/**
 * Application state of one browser tab (spec §4): open page tabs, the collapsed sidebar and the open
 * submenus. Saved to session storage when the page unloads and read back when the app starts, so a
 * reload keeps them while a new browser tab starts fresh.
 */
const tabItemSchema = z.object({ key: z.string(), path: z.string(), title: z.string() });
export type TabItem = z.infer<typeof tabItemSchema>;

const savedStateSchema = z.object({
  tabs: z.array(tabItemSchema),
  activeKey: z.string().nullable(),
  collapsed: z.boolean(),
  openKeys: z.array(z.string()),
  cachedOpenKeys: z.array(z.string()),
});
export type SavedAppState = z.infer<typeof savedStateSchema>;

export const APP_STATE_KEY = 'pro__APP_STATE';

export const INITIAL_APP_STATE: Readonly<SavedAppState> = {
  tabs: [],
  activeKey: null,
  collapsed: false,
  openKeys: [],
  cachedOpenKeys: [],
};

export function serializeAppState(state: SavedAppState): string {
  const { tabs, activeKey, collapsed, openKeys, cachedOpenKeys } = state;
  return JSON.stringify({ tabs, activeKey, collapsed, openKeys, cachedOpenKeys });
}

/** Anything unreadable (absent, another build's shape) gives the initial state. */
export function parseAppState(raw: string | null): SavedAppState {
  if (raw === null) return { ...INITIAL_APP_STATE };
  try {
    const parsed = savedStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : { ...INITIAL_APP_STATE };
  } catch {
    return { ...INITIAL_APP_STATE };
  }
}

export function loadAppState(backend: StorageBackend | null): SavedAppState {
  try {
    return parseAppState(backend?.getItem(APP_STATE_KEY) ?? null);
  } catch {
    return { ...INITIAL_APP_STATE };
  }
}

export function saveAppState(backend: StorageBackend | null, state: SavedAppState): void {
  try {
    backend?.setItem(APP_STATE_KEY, serializeAppState(state));
  } catch {
    // Storage full or blocked: the state is simply not kept across the reload.
  }
}

/** Saves `read()` whenever `target` fires beforeunload; returns the uninstaller. */
export function installAppStateSaver(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  backend: StorageBackend | null,
  read: () => SavedAppState,
): () => void {
  const save = () => saveAppState(backend, read());
  target.addEventListener('beforeunload', save);
  return () => target.removeEventListener('beforeunload', save);
}

function sessionBackend(): StorageBackend | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

interface AppStateStore extends SavedAppState {
  /** Bumped by the tab menu's 刷新 to remount a page; not saved. */
  refreshCounts: Record<string, number>;
  patch(patch: Partial<SavedAppState>): void;
  refresh(key: string): void;
}

export const useAppStateStore = create<AppStateStore>()((set) => ({
  ...loadAppState(sessionBackend()),
  refreshCounts: {},
  patch: (patch) => set(patch),
  refresh: (key) => set((s) => ({ refreshCounts: { ...s.refreshCounts, [key]: (s.refreshCounts[key] ?? 0) + 1 } })),
}));

/** Installs the beforeunload saver for the app's store; the shell calls it once while mounted. */
export function persistAppStateOnUnload(): () => void {
  return installAppStateSaver(window, sessionBackend(), () => useAppStateStore.getState());
}
