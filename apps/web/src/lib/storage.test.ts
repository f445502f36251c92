import { describe, expect, it } from 'vitest';
import { createStorage, memoryBackend, SESSION_TTL_MS, STORAGE_PREFIX, StorageKey } from './storage';
import { clearSession, getAccessToken } from './session';

function setup() {
  let now = 1_000_000;
  const backend = memoryBackend();
  const storage = createStorage(backend, () => now);
  return { backend, storage, advance: (ms: number) => (now += ms) };
}

describe('storage', () => {
  it('writes {value, expire} JSON under the pro__ prefix', () => {
    const { backend, storage } = setup();
    storage.set(StorageKey.token, 'abc', SESSION_TTL_MS);
    storage.set(StorageKey.companyId, 'c1');
    expect(STORAGE_PREFIX).toBe('pro__');
    expect(JSON.parse(backend.map.get('pro__sessionKey')!)).toEqual({ value: 'abc', expire: 1_000_000 + SESSION_TTL_MS });
    expect(JSON.parse(backend.map.get('pro__companyId')!)).toEqual({ value: 'c1', expire: null });
    expect(storage.get(StorageKey.token)).toBe('abc');
  });

  it('keeps objects and forgets an entry once it expires, removing it', () => {
    const { backend, storage, advance } = setup();
    storage.set(StorageKey.userInfo, { firstName: '王芳' }, SESSION_TTL_MS);
    advance(SESSION_TTL_MS - 1);
    expect(storage.get(StorageKey.userInfo)).toEqual({ firstName: '王芳' });
    advance(1);
    expect(storage.get(StorageKey.userInfo)).toBeNull();
    expect(backend.map.has('pro__Login_Userinfo')).toBe(false);
  });

  it('treats unreadable entries as absent', () => {
    const { backend, storage } = setup();
    backend.map.set('pro__companyId', 'not json');
    backend.map.set('pro__departmentId', '"bare"');
    expect(storage.get(StorageKey.companyId)).toBeNull();
    expect(storage.get(StorageKey.departmentId)).toBeNull();
    expect(backend.map.size).toBe(0);
  });

  it('stores the token, user info and department for seven days', () => {
    expect(SESSION_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });
});

describe('session', () => {
  it('reads the token and clears the whole local session', () => {
    const { backend, storage } = setup();
    expect(getAccessToken(storage)).toBeNull();
    storage.set(StorageKey.token, 'tok', SESSION_TTL_MS);
    storage.set(StorageKey.userInfo, { firstName: '王芳' }, SESSION_TTL_MS);
    storage.set(StorageKey.companyId, 'c1');
    storage.set(StorageKey.departmentId, 'd1', SESSION_TTL_MS);
    storage.set(StorageKey.departmentName, '护理部', SESSION_TTL_MS);
    storage.set(StorageKey.systemConfig, { systemName: 'x' });
    expect(getAccessToken(storage)).toBe('tok');
    clearSession(storage);
    expect(getAccessToken(storage)).toBeNull();
    // Site-wide settings outlive a session.
    expect([...backend.map.keys()]).toEqual(['pro__SYSTEM_CONFIG']);
  });
});
