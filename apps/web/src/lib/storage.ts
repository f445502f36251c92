/** Namespace of every key this app writes to localStorage (spec §3). */
export const STORAGE_PREFIX = 'pro__';

/** Lifetime of the stored token, user info and department (spec §4, §9). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Storage keys. The spec names sessionKey, companyId, Login_Userinfo and the two button-auth keys;
 * the others are our names for entries the spec describes without naming.
 */
export const StorageKey = {
  token: 'sessionKey',
  userInfo: 'Login_Userinfo',
  companyId: 'companyId',
  departmentId: 'departmentId',
  departmentName: 'departmentName',
  brokerInfo: 'MQ_INFO',
  systemConfig: 'SYSTEM_CONFIG',
  userButtonAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysButtonAuth: 'SYS_BUTTON_AUTH',
} as const;

/** The part of the Web Storage API we use, so tests and private-mode browsers can pass a stand-in. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AppStorage {
  get<T>(key: string): T | null;
  /** `ttlMs` omitted: the entry never expires. */
  set(key: string, value: unknown, ttlMs?: number): void;
  remove(key: string): void;
}

/** What is written under each key: the value and its expiry in ms since the epoch, or null. */
interface StoredEntry {
  value: unknown;
  expire: number | null;
}

export function createStorage(backend: StorageBackend = defaultBackend(), now: () => number = Date.now): AppStorage {
  const remove = (key: string) => backend.removeItem(STORAGE_PREFIX + key);
  return {
    get<T>(key: string): T | null {
      const raw = backend.getItem(STORAGE_PREFIX + key);
      if (raw === null) return null;
      const entry = parseEntry(raw);
      if (!entry || (entry.expire !== null && entry.expire <= now())) {
        remove(key);
        return null;
      }
      return entry.value as T;
    },
    set(key, value, ttlMs) {
      const entry: StoredEntry = { value, expire: ttlMs === undefined ? null : now() + ttlMs };
      backend.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
    },
    remove,
  };
}

/** A Map-backed backend: used where localStorage is unavailable (node, some private modes). */
export function memoryBackend(): StorageBackend & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function defaultBackend(): StorageBackend {
  try {
    return globalThis.localStorage ?? memoryBackend();
  } catch {
    // Reading localStorage throws when the browser blocks site data.
    return memoryBackend();
  }
}

// A value written by something else (or an older build) is treated as absent, not as a crash.
function parseEntry(raw: string): StoredEntry | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || !('value' in parsed)) return null;
    const expire = (parsed as { expire?: unknown }).expire;
    return { value: parsed.value, expire: typeof expire === 'number' ? expire : null };
  } catch {
    return null;
  }
}
