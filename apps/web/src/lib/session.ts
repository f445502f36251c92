import { StorageKey, type AppStorage } from './storage';

/** The stored access token, or null when signed out or expired. */
export function getAccessToken(storage: AppStorage): string | null {
  const token = storage.get<unknown>(StorageKey.token);
  return typeof token === 'string' && token !== '' ? token : null;
}

/** Local part of logout (spec §4): token, user info, company and department go. */
export function clearSession(storage: AppStorage): void {
  for (const key of [
    StorageKey.token,
    StorageKey.userInfo,
    StorageKey.companyId,
    StorageKey.departmentId,
    StorageKey.departmentName,
    StorageKey.userButtonAuth,
    StorageKey.sysButtonAuth,
  ]) {
    storage.remove(key);
  }
}
