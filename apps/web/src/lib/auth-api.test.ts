import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCode, type Contract, type LoginResult, type PermissionResult } from '@care/shared';
import { ApiError } from './api-error';
import {
  bindAuthApi,
  completeSignIn,
  EmptyPermissionListError,
  loadPermissions,
  logout,
  PERMISSION_LIST_ERROR,
  recoverFromPermissionFailure,
} from './auth-api';
import { usePermissionStore } from './permission-store';
import type { RequestClient } from './request';
import { useSessionStore } from './session-store';
import { createStorage, memoryBackend, StorageKey, type AppStorage } from './storage';

const login: LoginResult = {
  token: 'tok-1',
  userInfo: {
    userLoginId: 'admin', firstName: '管理员', logoImageUrl: '', companyId: 'c1', departmentId: 'd1', departmentName: '总部', partyId: 'u1',
    defaultCompanyId: 'c1',
  },
};
const permissions: PermissionResult = {
  menu: [{ id: '1', path: '/dashboard/analysis', name: 'a', component: 'dashboard/Analysis', hidden: false, alwaysShow: false, route: '1', meta: { title: '分析页' } }],
  auth: [{ action: 'user:add', type: '1', status: '1' }],
  allAuth: [{ action: 'user:add', type: '1', status: '1' }, { action: 'open', type: '1', status: '0' }],
};

type Handler = (input: unknown) => unknown;

function setup(handlers: Record<string, Handler>) {
  const storage: AppStorage = createStorage(memoryBackend());
  const calls: { path: string; input: unknown; token: string | null }[] = [];
  const request = {
    call: vi.fn(async (contract: Contract, input?: unknown) => {
      calls.push({ path: contract.path, input, token: storage.get<string>(StorageKey.token) });
      const handler = handlers[contract.path];
      if (!handler) throw new Error(`unexpected call ${contract.path}`);
      return handler(input);
    }),
  } as unknown as RequestClient;
  const notify = vi.fn();
  const assign = vi.fn();
  useSessionStore.getState().bind(storage);
  usePermissionStore.getState().reset();
  bindAuthApi({ request, storage, notify, assign });
  return { storage, calls, notify, assign };
}

const PERMISSION_PATH = '/online/api/getUserPermissionByToken';
const LOGOUT_PATH = '/online/request/getLogOut';

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('completeSignIn', () => {
  it('stores the session, then loads menu and auth lists into the store and local storage', async () => {
    const { storage, calls } = setup({ [PERMISSION_PATH]: () => permissions });
    await completeSignIn(login);
    expect(calls.map((c) => [c.path, c.token])).toEqual([[PERMISSION_PATH, 'tok-1']]);
    expect(useSessionStore.getState().token).toBe('tok-1');
    expect(storage.get(StorageKey.userInfo)).toEqual(login.userInfo);
    expect(usePermissionStore.getState()).toMatchObject({ loaded: true, menu: permissions.menu, auth: permissions.auth, allAuth: permissions.allAuth });
    expect(storage.get(StorageKey.userButtonAuth)).toEqual(permissions.auth);
    expect(storage.get(StorageKey.sysButtonAuth)).toEqual(permissions.allAuth);
  });
});

describe('loadPermissions', () => {
  it('rejects an empty menu list with the spec error and loads nothing', async () => {
    setup({ [PERMISSION_PATH]: () => ({ ...permissions, menu: [] }) });
    await expect(loadPermissions()).rejects.toThrow(new EmptyPermissionListError());
    expect(PERMISSION_LIST_ERROR).toBe('getPermissionList: permissions must be a non-null array !');
    expect(usePermissionStore.getState().loaded).toBe(false);
  });

  it('shares one request between concurrent callers', async () => {
    const { calls } = setup({ [PERMISSION_PATH]: () => permissions });
    await Promise.all([loadPermissions(), loadPermissions()]);
    expect(calls).toHaveLength(1);
    await loadPermissions();
    expect(calls).toHaveLength(2);
  });
});

describe('recoverFromPermissionFailure', () => {
  it('reports an empty menu on the console and as a notice, then signs out', async () => {
    const { notify, calls, storage } = setup({ [PERMISSION_PATH]: () => ({ ...permissions, menu: [] }), [LOGOUT_PATH]: () => null });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await completeSignIn(login).catch((e: unknown) => e);
    await recoverFromPermissionFailure(error);
    expect(consoleError).toHaveBeenCalledWith(PERMISSION_LIST_ERROR);
    expect(notify).toHaveBeenCalledWith({ title: '系统提示', description: PERMISSION_LIST_ERROR });
    expect(calls.at(-1)).toEqual({ path: LOGOUT_PATH, input: { token: 'tok-1' }, token: 'tok-1' });
    expect(useSessionStore.getState().token).toBeNull();
    expect(storage.get(StorageKey.token)).toBeNull();
  });

  it('adds no notice for a failed call (the request layer has shown it)', async () => {
    const { notify } = setup({ [LOGOUT_PATH]: () => null });
    await recoverFromPermissionFailure(new ApiError(ResultCode.serverError, '服务器响应失败'));
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('calls the server with the token first, clears everything, then reloads the app root', async () => {
    const { calls, storage, assign } = setup({ [PERMISSION_PATH]: () => permissions, [LOGOUT_PATH]: () => null });
    await completeSignIn(login);
    await logout();
    expect(calls.at(-1)).toEqual({ path: LOGOUT_PATH, input: { token: 'tok-1' }, token: 'tok-1' });
    for (const key of Object.values(StorageKey).filter((k) => k !== StorageKey.brokerInfo && k !== StorageKey.systemConfig)) {
      expect(storage.get(key), key).toBeNull();
    }
    expect(useSessionStore.getState()).toMatchObject({ token: null, userInfo: null });
    expect(usePermissionStore.getState()).toMatchObject({ loaded: false, menu: [], auth: [], allAuth: [] });
    expect(assign).toHaveBeenCalledWith(import.meta.env.BASE_URL);
  });

  it('clears the local session even when the server call fails', async () => {
    const { storage, assign } = setup({
      [PERMISSION_PATH]: () => permissions,
      [LOGOUT_PATH]: () => {
        throw new ApiError(ResultCode.serverError, '服务器响应失败');
      },
    });
    await completeSignIn(login);
    await logout();
    expect(storage.get(StorageKey.token)).toBeNull();
    expect(usePermissionStore.getState().loaded).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
