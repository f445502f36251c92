import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStorage } from './storage';

/** Spec §4 Settings: what the settings drawer changes. Persisted in local storage. */
export interface Settings {
  theme: 'dark' | 'light';
  layout: 'sidemenu' | 'topmenu';
  /** Fluid only with the top menu. */
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  /** Hide the header when scrolling down; needs the fixed header. */
  autoHideHeader: boolean;
  /** Fixed sidebar; not available with the top menu. */
  fixSiderbar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
  primaryColor: string;
}

/** Spec §4 and §9 defaults. */
export const DEFAULT_PRIMARY_COLOR = '#2362fb';

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  theme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multiTab: true,
  primaryColor: DEFAULT_PRIMARY_COLOR,
};

/** Local storage key (under the app's `pro__` namespace). */
export const SETTINGS_STORAGE_KEY = 'APP_SETTINGS';

/** Spec §8. */
export const THEME_UPDATE_FAILED = 'Failed to update theme';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/**
 * Applies a change and the dependency rules of spec §4. A change the rules forbid (Fluid with the
 * side menu, hiding a header that is not fixed, a fixed sidebar with the top menu) is ignored; a
 * change that takes a requirement away takes its dependants with it.
 */
export function applySettings(current: Settings, patch: Partial<Settings>): Settings {
  const next: Settings = { ...current, ...patch };
  if (next.layout !== 'topmenu') next.contentWidth = 'Fixed';
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (!isHexColor(next.primaryColor)) next.primaryColor = current.primaryColor;
  return next;
}

/** Reads whatever was stored (an older build, a hand edit) into valid settings. */
export function normalizeSettings(stored: unknown): Settings {
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_SETTINGS };
  const s = stored as Record<string, unknown>;
  const pick = <K extends keyof Settings>(key: K, valid: (v: unknown) => boolean): Settings[K] =>
    (valid(s[key]) ? s[key] : DEFAULT_SETTINGS[key]) as Settings[K];
  const isBool = (v: unknown) => typeof v === 'boolean';
  const raw: Settings = {
    theme: pick('theme', (v) => v === 'dark' || v === 'light'),
    layout: pick('layout', (v) => v === 'sidemenu' || v === 'topmenu'),
    contentWidth: pick('contentWidth', (v) => v === 'Fixed' || v === 'Fluid'),
    fixedHeader: pick('fixedHeader', isBool),
    autoHideHeader: pick('autoHideHeader', isBool),
    fixSiderbar: pick('fixSiderbar', isBool),
    colorWeak: pick('colorWeak', isBool),
    multiTab: pick('multiTab', isBool),
    primaryColor: pick('primaryColor', isHexColor),
  };
  return applySettings(raw, {});
}

export function pickSettings(state: Settings): Settings {
  return normalizeSettings(state);
}

interface SettingsState extends Settings {
  update(patch: Partial<Settings>): void;
  reset(): void;
}

// The app's storage keeps the `pro__` prefix and `{ value, expire }` entries for this key too.
function settingsStorage(): PersistStorage<Settings> {
  const storage = createStorage();
  return {
    getItem: (name) => storage.get<StorageValue<Settings>>(name),
    setItem: (name, value) => storage.set(name, value),
    removeItem: (name) => storage.remove(name),
  };
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(applySettings(pickSettings(get()), patch)),
      reset: () => set({ ...DEFAULT_SETTINGS }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: settingsStorage(),
      partialize: (state) => pickSettings(state),
      merge: (persisted, current) => ({ ...current, ...normalizeSettings(persisted) }),
    },
  ),
);
