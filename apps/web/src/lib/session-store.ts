import { create } from 'zustand';
import type { LoginResult, UserInfo } from '@care/shared';
import { clearSession } from './session';
import { SESSION_TTL_MS, StorageKey, type AppStorage } from './storage';

/**
 * The signed-in user (spec §4 Session). Token and user info persist in local storage for 7 days under
 * the spec's keys; this store mirrors them for React. `bind` connects it to the app's storage once.
 */
interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  bind(storage: AppStorage): void;
  /** After a successful sign-in: store token and user info. */
  signedIn(result: LoginResult): void;
  /** After the profile, department or company changes. */
  updateUserInfo(patch: Partial<UserInfo>): void;
  /** Local part of logout: clears token, user info, company and department. */
  clear(): void;
}

let boundStorage: AppStorage | null = null;

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: null,
  userInfo: null,
  bind(storage) {
    boundStorage = storage;
    set({ token: storage.get<string>(StorageKey.token), userInfo: storage.get<UserInfo>(StorageKey.userInfo) });
  },
  signedIn({ token, userInfo }) {
    boundStorage?.set(StorageKey.token, token, SESSION_TTL_MS);
    boundStorage?.set(StorageKey.userInfo, userInfo, SESSION_TTL_MS);
    boundStorage?.set(StorageKey.companyId, userInfo.companyId, SESSION_TTL_MS);
    boundStorage?.set(StorageKey.departmentId, userInfo.departmentId, SESSION_TTL_MS);
    boundStorage?.set(StorageKey.departmentName, userInfo.departmentName, SESSION_TTL_MS);
    set({ token, userInfo });
  },
  updateUserInfo(patch) {
    const current = get().userInfo;
    if (!current) return;
    const userInfo = { ...current, ...patch };
    boundStorage?.set(StorageKey.userInfo, userInfo, SESSION_TTL_MS);
    if (patch.departmentId !== undefined) boundStorage?.set(StorageKey.departmentId, patch.departmentId, SESSION_TTL_MS);
    if (patch.departmentName !== undefined) boundStorage?.set(StorageKey.departmentName, patch.departmentName, SESSION_TTL_MS);
    if (patch.companyId !== undefined) boundStorage?.set(StorageKey.companyId, patch.companyId, SESSION_TTL_MS);
    set({ userInfo });
  },
  clear() {
    if (boundStorage) clearSession(boundStorage);
    set({ token: null, userInfo: null });
  },
}));
